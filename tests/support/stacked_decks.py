"""Helpers of the ``stack_deck(seed=)`` tests of every family (tests/*/test_*_seed.py)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def deck_digest(deck: Sequence[object]) -> str:
    """The first 16 hex digits of the sha-256 of a deck's card codes: how a test pins the deck a
    call built before a change without listing its cards."""
    return hashlib.sha256(" ".join(c.code for c in deck).encode()).hexdigest()[:16]  # type: ignore[attr-defined]
