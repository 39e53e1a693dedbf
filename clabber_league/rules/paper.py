"""The paper's own arithmetic: its running totals, copied beside its marks, checked.

A secretary copying a paper sheet may copy its running totals too. They never
change the score — the totals are the sum of the marks (RULES.md §8) — but a
pencil adds wrong now and then, and the place to look is the hand where the
paper's total stops being its previous total plus the hand's mark. Every
total after that slip differs from the hands' by the same amount unless the
paper slipped again, so only the slip itself is flagged; later totals are
said to carry it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clabber_league.rules.game import SheetRow
from clabber_league.rules.hands import WrittenHand


@dataclass(frozen=True)
class PaperTotal:
    """One side's running total as the paper shows it after a hand, beside the hands'."""

    side: str
    paper: int
    """What the paper says."""
    expected: int
    """The paper's previous total (the hands' where none was copied) plus this hand's mark."""
    hands: int
    """The running total of the hands themselves."""

    @property
    def slipped(self) -> bool:
        """The paper's arithmetic went wrong at this very hand."""
        return self.paper != self.expected

    @property
    def off(self) -> int:
        """How far the paper is from the hands (0 when it agrees)."""
        return self.paper - self.hands


def paper_totals(entry: object) -> Mapping[str, int]:
    """The running totals copied with a hand ({} where none were)."""
    if isinstance(entry, WrittenHand) and entry.paper_totals:
        return entry.paper_totals
    return {}


def paper_checks(rows: Sequence[SheetRow]) -> dict[int, dict[str, PaperTotal]]:
    """Hand number → side → the paper's total there, for every total that was copied."""
    checks: dict[int, dict[str, PaperTotal]] = {}
    previous: dict[str, int] = {}
    for row in rows:
        copied = paper_totals(row.entry)
        for side, score in row.result.scores.items():
            before = previous.get(side, row.totals[side] - score)
            if side in copied:
                total = PaperTotal(side, copied[side], before + score, row.totals[side])
                checks.setdefault(row.n, {})[side] = total
                previous[side] = copied[side]
            else:
                previous[side] = before + score
    return checks
