"""``python -m changpai`` runs the command-line interface (see :mod:`changpai.cli`)."""

from __future__ import annotations

from changpai.cli import main

if __name__ == "__main__":  # pragma: no cover - exercised through the console script
    raise SystemExit(main())
