"""Shared test configuration: hypothesis profiles.

``ci`` (used when the ``CI`` environment variable is set) is derandomized so that a run on a fresh
machine is reproducible; ``dev`` is the everyday profile; ``thorough`` runs many more examples
(``pytest --hypothesis-profile=thorough``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None)
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
