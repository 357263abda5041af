"""Threads run against each other, for the tests of what threads share (caches, tables)."""

from __future__ import annotations

import sys
import threading


def run_racing(threads: list[threading.Thread]) -> None:
    """Start and join ``threads`` with Python switching between them as often as it can (the
    races the tests look for are a few bytecodes long), the switch interval put back after."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
