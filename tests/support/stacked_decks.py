"""Helpers of the ``stack_deck(seed=)`` tests of every family (tests/*/test_*_seed.py)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any


def deck_digest(deck: Sequence[object]) -> str:
    """The first 16 hex digits of the sha-256 of a deck's card codes: how a test pins the deck a
    call built before a change without listing its cards."""
    return hashlib.sha256(" ".join(c.code for c in deck).encode()).hexdigest()[:16]  # type: ignore[attr-defined]


def assert_built_before(
    stack_deck: Callable[..., Sequence[object]], call: dict[str, Any], digest: str
) -> None:
    """``stack_deck(**call)`` without a seed (and with ``seed=None``) builds the deck of
    ``digest`` (:func:`deck_digest`), pinned from the code before ``seed=`` existed."""
    deck = stack_deck(**call)
    assert deck == stack_deck(**call, seed=None)
    assert deck_digest(deck) == digest
