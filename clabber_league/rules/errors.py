"""The one exception family of the rules engine.

Every error is a ``ValueError`` whose message a scorekeeper can read: it names
the hand and the rule, never a Python detail. Its lines are tidied where they
are made (``messages.tidy``): one line per problem, short, each said once.
"""

from __future__ import annotations

from collections.abc import Iterable

from clabber_league.rules.messages import N_, ProblemError, one_line, problem, tidy

#: How a hand's problem names its hand (``HandError.messages``).
HAND_LINE = N_("hand {number}: {problem}")


class ClabberError(ProblemError):
    """Something breaks the rules of Clabber or the game-sheet format."""


class CardError(ClabberError):
    """A card, rank or suit that does not exist in the deck in play."""


class MeldError(ClabberError):
    """Cards shown as a meld that do not form one."""


class RuleSetError(ClabberError):
    """An unknown preset or an option value the rules do not allow."""


class HandError(ClabberError):
    """One or more problems with a hand; every problem is collected, not just the first.

    ``problems`` are the bare sentences; ``messages`` prefix each with the hand
    number, which is how the CLI and the entry panel show them.
    """

    def __init__(self, hand_number: int, problems: Iterable[str]) -> None:
        self.hand_number = hand_number
        self.problems: tuple[str, ...] = tidy(problems)
        if not self.problems:
            raise ValueError("a HandError needs at least one problem")
        super().__init__(*self.messages)

    @property
    def messages(self) -> tuple[str, ...]:
        return tuple(
            one_line(problem(HAND_LINE, number=self.hand_number, problem=line))
            for line in self.problems
        )


class GameError(ClabberError):
    """Problems with a whole game: several hands, or the game's own set-up.

    ``messages`` holds one line per problem, each already naming its hand.
    """

    def __init__(self, messages: Iterable[str]) -> None:
        super().__init__(*messages)
        self.messages: tuple[str, ...] = self.lines
        if not self.messages:
            raise ValueError("a GameError needs at least one message")
