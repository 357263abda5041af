"""What two or more families share: strict card-count multisets and itemized score sheets.

>>> from changpai.core import Counts, ScoreSheet, ScoreLine
>>> Counts.from_indices([0, 0, 2], size=3, max_copies=4).counts
(2, 0, 1)
"""

from __future__ import annotations

from changpai.core.multiset import Counts
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet
from changpai.core.variant import Variant

__all__ = ["Counts", "Payment", "ScoreLine", "ScoreSheet", "Variant"]
