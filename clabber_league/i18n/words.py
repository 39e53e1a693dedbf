"""The game's words (suits, cards, melds and their run names) in the current language.

The rules engine names things in English for its own messages and files; what
the window and the printouts show goes through here, so a Persian player reads
حکم, دل and «دد» where an English one reads trump, hearts and "dad". The
words follow ``docs/glossary.md``.
"""

from __future__ import annotations

from collections.abc import Mapping

from clabber_league.i18n import N_, _, capitalised, fill, lazy_p
from clabber_league.rules.cards import Card, Rank, Suit
from clabber_league.rules.game import TIE, standing
from clabber_league.rules.hands import MarkKind
from clabber_league.rules.melds import Meld, MeldKind
from clabber_league.rules.rulesets import RuleSet
from clabber_league.rules.sheet import TIE_WORD, W_MARK, Note, NoteKind, Outcome

_SUITS = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}
#: A card's name ("jack" of "jack of hearts"): a context, as "ten" is also a count.
_RANKS = {
    Rank.SEVEN: lazy_p("card", "seven"),
    Rank.EIGHT: lazy_p("card", "eight"),
    Rank.NINE: lazy_p("card", "nine"),
    Rank.TEN: lazy_p("card", "ten"),
    Rank.JACK: lazy_p("card", "jack"),
    Rank.QUEEN: lazy_p("card", "queen"),
    Rank.KING: lazy_p("card", "king"),
    Rank.ACE: lazy_p("card", "ace"),
}
#: Four of a kind, by rank ("four jacks", the mule).
_FOURS = {
    Rank.SEVEN: N_("four sevens"),
    Rank.EIGHT: N_("four eights"),
    Rank.NINE: N_("four nines"),
    Rank.TEN: N_("four tens"),
    Rank.JACK: N_("four jacks"),
    Rank.QUEEN: N_("four queens"),
    Rank.KING: N_("four kings"),
    Rank.ACE: N_("four aces"),
}
#: RULES.md's names of runs by length; Klaberjass (``runs_only``) says the length.
_RUN_NAMES = {3: N_("dad"), 4: N_("fifty"), 5: N_("hundred"), 6: N_("run of six")}


_SPOKEN_MARKS = {MarkKind.SET: N_("XX, set"), MarkKind.ZERO: N_("nothing scored")}


def spoken_mark(kind: MarkKind) -> str | None:
    """What a screen reader says for a mark that is not a figure (XX, the dash), in the
    current language; ``None`` for a figure, which speaks for itself. The window's sheet
    and the published site's say the same words."""
    spoken = _SPOKEN_MARKS.get(kind)
    return _(spoken) if spoken is not None else None


def suit_name(suit: Suit) -> str:
    """The suit's name: "hearts"."""
    return _(_SUITS[suit])


def rank_name(rank: Rank) -> str:
    """The card's name: "jack"."""
    return str(_RANKS[rank])


def card_name(card: Card) -> str:
    """A card in words: "jack of hearts"."""
    return _("{rank} of {suit}").format(rank=rank_name(card.rank), suit=suit_name(card.suit))


def suit_choice(suit: Suit) -> str:
    """A suit as a chooser offers it: "Hearts ♥"."""
    return f"{capitalised(suit_name(suit))} {suit.symbol}"


def run_name(length: int, *, runs_only: bool = False) -> str:
    """A run's name by its length: "dad", "fifty"; "run of 7" where it has none."""
    if not runs_only and length in _RUN_NAMES:
        return _(_RUN_NAMES[length])
    return _("run of {count}").format(count=length)


def four_of_a_kind(rank: Rank) -> str:
    """Four cards of ``rank``: "four nines"."""
    return _(_FOURS[rank])


def meld_name(meld: Meld, *, runs_only: bool = False) -> str:
    """The meld as players call it: "four nines", "fifty (10-J-Q-K of hearts)"."""
    if meld.kind is MeldKind.FOUR_OF_A_KIND:
        return four_of_a_kind(meld.rank)
    assert meld.suit is not None
    ranks = "-".join(card.rank.code for card in meld.cards)
    return _("{run} ({ranks} of {suit})").format(
        run=run_name(meld.length, runs_only=runs_only), ranks=ranks, suit=suit_name(meld.suit)
    )


def game_result(
    rules: RuleSet, names: Mapping[str, str], totals: Mapping[str, int], hands: int
) -> str:
    """How a game ended after ``hands``, the winner's total first: "Owls won 512–300",
    "tied at 500–500"."""
    result = standing(rules, totals, hands)
    if result.winner == TIE or result.winner is None:
        return fill(
            _("tied at {totals}"), totals="–".join(str(totals[side]) for side in rules.sides)
        )
    winner = result.winner
    order = [winner, *(side for side in rules.sides if side != winner)]
    return fill(
        _("{name} won {totals}"),
        name=names.get(winner) or winner,
        totals="–".join(str(totals[side]) for side in order),
    )


#: Each note of a sheet cell (``rules.sheet.NoteKind``) as the cell writes it when there
#: is room, and its short form for a cell too narrow for the words.
_NOTE_WORDS = {
    NoteKind.ALL_PASSED: (N_("all passed"), N_("passed")),
    NoteKind.BOTH_RENEGED: (N_("both reneged"), N_("void")),
    NoteKind.RENEGE: (N_("renege"), N_("R")),
    NoteKind.BELL: (N_("bell"), N_("b")),
}


def note_words(note: Note) -> str:
    """A cell's note in the current language ("melds 50")."""
    if note.kind is NoteKind.MELDS:
        return fill(_("melds {melds}"), melds=note.points)
    return _(_NOTE_WORDS[note.kind][0])


def short_note(note: Note) -> str:
    """A cell's note in as few letters as it can be said ("melds 50" → "m50")."""
    if note.kind is NoteKind.MELDS:
        return fill(_("m{melds}"), melds=note.points)
    return _(_NOTE_WORDS[note.kind][1])


def outcome_mark(outcome: Outcome | None) -> str:
    """What a side's column shows under the last hand: the W, the tie word, or nothing."""
    if outcome is Outcome.WON:
        return W_MARK
    if outcome is Outcome.TIED:
        return _(TIE_WORD)
    return ""
