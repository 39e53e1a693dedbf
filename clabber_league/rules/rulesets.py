"""Rule sets: the presets and options of RULES.md §9–10, as frozen data.

A league picks one rule set per season; a game freezes the one it was played
under, so later changes to a season never re-score old games.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, cast

from clabber_league.rules.errors import RuleSetError
from clabber_league.rules.limits import HANDS_PER_GAME, TARGET, Limit
from clabber_league.rules.messages import N_, or_list, problem, word


class Variant(enum.Enum):
    """How many play, in which teams, with which deck (RULES.md §1, §10)."""

    FOUR_HANDED = "four-handed"
    """Two partnerships of two, six cards each: the Evansville game."""
    SIX_HANDED = "six-handed"
    """Two teams of three, four cards each."""
    THREE_HANDED = "three-handed"
    """Each for self, eight cards each; the maker must beat both opponents."""
    TWO_HANDED = "two-handed"
    """Two players; six cards each, three more after trump is made."""
    KLABERJASS = "klaberjass"
    """Two players, 32 cards, runs-only melds and its own set scoring."""


@dataclass(frozen=True)
class Layout:
    """Who sits where for a variant, how many cards a player can meld from, what is played."""

    sides: tuple[str, ...]
    seats: tuple[str, ...]
    hand_size: int
    deck_size: int = 24
    cards_played: int = 24
    """Cards played out in tricks each hand: the whole deck, except in the two-player
    games, which play 18 (RULES.md §10)."""

    @property
    def players_per_side(self) -> int:
        return len(self.seats) // len(self.sides)

    @property
    def trick_size(self) -> int:
        """Every player plays one card to each trick."""
        return len(self.seats)

    @property
    def every_card_played(self) -> bool:
        """Whether the sides' trick points always add up to the same figure (162)."""
        return self.cards_played == self.deck_size

    def seats_of(self, side: str) -> tuple[str, ...]:
        """A side's seats, clockwise from its first."""
        return tuple(seat for seat in self.seats if seat[0] == side)


_LAYOUTS: Mapping[Variant, Layout] = {
    Variant.FOUR_HANDED: Layout(("A", "B"), ("A1", "B1", "A2", "B2"), hand_size=6),
    Variant.SIX_HANDED: Layout(("A", "B"), ("A1", "B1", "A2", "B2", "A3", "B3"), hand_size=4),
    Variant.THREE_HANDED: Layout(("A", "B", "C"), ("A", "B", "C"), hand_size=8),
    # Two-handed players meld after picking up their three extra cards; nine
    # tricks of two play 18 cards, the rest stay dead or with the dealer.
    Variant.TWO_HANDED: Layout(("A", "B"), ("A", "B"), hand_size=9, cards_played=18),
    Variant.KLABERJASS: Layout(("A", "B"), ("A", "B"), hand_size=9, deck_size=32, cards_played=18),
}


class TieAtTarget(enum.Enum):
    """What equal totals at or above the target mean."""

    TIE = "tie"
    """The game ends as a tie."""
    PLAY_ON = "play_on"
    """Another hand is played until one side is ahead."""


class AllPass(enum.Enum):
    """Who deals after all players pass twice (RULES.md §3)."""

    NEXT_DEALER = "next_dealer"
    """The deal passes left, as after any hand."""
    SAME_DEALER = "same_dealer"
    """The same dealer deals again."""


class SetRule(enum.Enum):
    """What the makers must reach not to go set (RULES.md §5, §9)."""

    MORE_THAN_DEFENDERS = "more_than_defenders"
    """Strictly more hand points (tricks, melds, bell) than the defenders."""
    TRICKS_82 = "82_tricks"
    """At least 82 trick points; melds do not count for the test."""


class MeldRanking(enum.Enum):
    """Which meld outranks which (RULES.md §4, §9)."""

    STANDARD = "standard"
    """Four jacks, four nines, aces, tens, kings, queens, then runs of five, four, three."""
    ALTERNATE = "alternate"
    """Evansville alternate: four jacks, run of five, four aces, kings, queens, tens, nines."""


class ZeroMark(enum.Enum):
    """How a side that scores nothing (and was not set) is written."""

    DASH = "-"
    TILDE = "~"


class KlaberjassRuns(enum.Enum):
    """Which of the best Klaberjass runner's runs score (RULES.md §10)."""

    BEST = "best"
    """Only the best run, as the source counts it."""
    ALL = "all"
    """Every run the player with the best run shows."""


@dataclass(frozen=True)
class Options:
    """The switchable rules of RULES.md §9, defaults first."""

    target: int = 500
    tie_at_target: TieAtTarget = TieAtTarget.TIE
    all_pass: AllPass = AllPass.NEXT_DEALER
    set_rule: SetRule = SetRule.MORE_THAN_DEFENDERS
    meld_ranking: MeldRanking = MeldRanking.STANDARD
    run_of_six: int = 100
    zero_mark: ZeroMark = ZeroMark.DASH
    klaberjass_runs: KlaberjassRuns = KlaberjassRuns.BEST
    hands_per_game: int = 0
    """A game also ends after this many hands, whoever leads (0: only the target ends
    it). A progressive tournament's rounds of so many hands (docs/tournaments.md)."""

    def as_plain(self) -> dict[str, object]:
        """The options as file values (strings and numbers), keyed by option name."""
        plain: dict[str, object] = {}
        for option in fields(self):
            value = getattr(self, option.name)
            plain[option.name] = value.value if isinstance(value, enum.Enum) else value
        return plain


@dataclass(frozen=True)
class OptionSpec:
    """How the UI and the docs present one option."""

    key: str
    label: str
    description: str
    choices: tuple[tuple[object, str], ...] = ()
    """(file value, label) pairs; empty for a free number (``numbers``)."""
    numbers: Limit = TARGET
    """A free number's range, when there are no ``choices``."""
    step: int = 50


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("target", N_("Game to"), N_("The total that ends the game (500 in Evansville).")),
    OptionSpec(
        "tie_at_target",
        N_("Tie at the target"),
        N_("Equal totals at or above the target: a tied game, or another hand."),
        (("tie", N_("Game is tied")), ("play_on", N_("Play another hand"))),
    ),
    OptionSpec(
        "all_pass",
        N_("All pass twice"),
        N_("Who deals when nobody makes trump in either round."),
        (("next_dealer", N_("Deal passes left")), ("same_dealer", N_("Same dealer deals again"))),
    ),
    OptionSpec(
        "set_rule",
        N_("Makers go set"),
        N_("What the makers need to make it."),
        (
            ("more_than_defenders", N_("Unless they beat the defenders' hand points")),
            ("82_tricks", N_("Unless they take 82 trick points (melds ignored)")),
        ),
    ),
    OptionSpec(
        "meld_ranking",
        N_("Meld ranking"),
        N_("Which meld wins the comparison."),
        (
            ("standard", N_("Standard: four nines second to four jacks")),
            ("alternate", N_("Evansville alternate: run of five second to four jacks")),
        ),
    ),
    OptionSpec(
        "run_of_six",
        N_("Run of six"),
        N_("What six cards in a row of one suit count."),
        ((100, N_("100, as a run of five")), (300, N_("300, above four jacks (Wadesville)"))),
    ),
    OptionSpec(
        "zero_mark",
        N_("Zero mark"),
        N_("How a side that scores nothing is written."),
        (("-", N_("Dash -")), ("~", N_("Tilde ~"))),
    ),
    OptionSpec(
        "klaberjass_runs",
        N_("Klaberjass runs"),
        N_("Klaberjass only: whether just the best run scores, or all its holder's runs."),
        (("best", N_("Only the best run")), ("all", N_("All of that player's runs"))),
    ),
    OptionSpec(
        "hands_per_game",
        N_("Hands per game"),
        N_("A game also ends after this many hands, whoever leads (0: play to the target)."),
        numbers=HANDS_PER_GAME,
        step=1,
    ),
)
OPTION_KEYS: tuple[str, ...] = tuple(spec.key for spec in OPTION_SPECS)
#: The options that take a free number, and its range.
_NUMBERS = {spec.key: spec.numbers for spec in OPTION_SPECS if not spec.choices}

# Options that mean nothing under Klaberjass's own meld and set rules (RULES.md §10).
_NOT_FOR_KLABERJASS = ("set_rule", "meld_ranking", "run_of_six")


@dataclass(frozen=True)
class RuleSet:
    """A preset with its options: everything the engine needs to score a game."""

    preset: str
    name: str
    description: str
    variant: Variant
    options: Options = field(default_factory=Options)

    # Read for every hand scored: worked out once per rule set, then plain attributes.
    @cached_property
    def layout(self) -> Layout:
        return _LAYOUTS[self.variant]

    @cached_property
    def sides(self) -> tuple[str, ...]:
        return self.layout.sides

    @cached_property
    def seats(self) -> tuple[str, ...]:
        return self.layout.seats

    @property
    def runs_only(self) -> bool:
        """Klaberjass melds are runs only, with its own ranking and values."""
        return self.variant is Variant.KLABERJASS

    def with_options(self, overrides: Mapping[str, object]) -> RuleSet:
        """This preset with some options changed; every bad override is reported."""
        if not overrides:
            return self
        problems: list[str] = []
        changes: dict[str, object] = {}
        for key, raw in overrides.items():
            try:
                changes[key] = _parse_option(key, raw)
            except RuleSetError as exc:
                problems.extend(exc.lines)
                continue
            default = getattr(Options(), key)
            if self.runs_only and key in _NOT_FOR_KLABERJASS and changes[key] != default:
                problems.append(
                    problem(
                        "option {key} does not apply to {name}: "
                        "its melds are runs only and it scores sets its own way",
                        key=key,
                        name=word(self.name),
                    )
                )
        if problems:
            raise RuleSetError(*problems)
        return replace(self, options=replace(self.options, **cast("dict[str, Any]", changes)))


def _parse_option(key: str, raw: object) -> object:
    """Turn a file value into an option value, or say why it is not one."""
    numbers = _NUMBERS.get(key)
    if numbers is not None:
        if isinstance(raw, bool) or not isinstance(raw, int) or not numbers.allows(raw):
            raise RuleSetError(
                problem(
                    "option {key} must be a whole number {range}, not {raw!r}",
                    key=key,
                    range=numbers.range_words(),
                    raw=raw,
                )
            )
        return raw
    if key == "run_of_six":
        if isinstance(raw, bool) or not isinstance(raw, int) or raw not in (100, 300):
            raise RuleSetError(
                problem("option run_of_six must be 100 or 300, not {raw!r}", raw=raw)
            )
        return raw
    # Every other option is an enum: its default's type says which.
    default = getattr(Options(), key) if key in OPTION_KEYS else None
    if not isinstance(default, enum.Enum):
        raise RuleSetError(
            problem(
                "there is no option {key!r}: the options are {keys}",
                key=key,
                keys=", ".join(OPTION_KEYS),
            )
        )
    kind = type(default)
    for member in kind:
        if member.value == raw:
            return member
    allowed = or_list([repr(member.value) for member in kind])
    raise RuleSetError(
        problem("option {key} must be {allowed}, not {raw!r}", key=key, allowed=allowed, raw=raw)
    )


PRESETS: Mapping[str, RuleSet] = {
    rule_set.preset: rule_set
    for rule_set in (
        RuleSet(
            "evansville",
            N_("Evansville"),
            N_("Four players in two partnerships, 24 cards, game to 500: the standard rules."),
            Variant.FOUR_HANDED,
        ),
        RuleSet(
            "evansville-alt",
            N_("Evansville (alternate melds)"),
            N_("Evansville, with a run of five ranked right under four jacks."),
            Variant.FOUR_HANDED,
            Options(meld_ranking=MeldRanking.ALTERNATE),
        ),
        RuleSet(
            "wadesville",
            N_("Wadesville"),
            N_("Evansville, with a run of six worth 300, above four jacks."),
            Variant.FOUR_HANDED,
            Options(run_of_six=300),
        ),
        RuleSet(
            "two-handed",
            N_("Two-handed Clabber"),
            N_("Two players; three more cards each after trump is made, six left dead."),
            Variant.TWO_HANDED,
        ),
        RuleSet(
            "three-handed",
            N_("Three-handed Clabber"),
            N_("Each player for self, eight cards each; the maker must beat both others."),
            Variant.THREE_HANDED,
        ),
        RuleSet(
            "six-handed",
            N_("Six-handed Clabber"),
            N_("Two teams of three, four cards each."),
            Variant.SIX_HANDED,
        ),
        RuleSet(
            "klaberjass",
            N_("Klaberjass"),
            N_("Two players, 32 cards, runs-only melds; a maker behind gives away both scores."),
            Variant.KLABERJASS,
        ),
    )
}
DEFAULT_PRESET = "evansville"


def rule_set(preset: str = DEFAULT_PRESET, options: Mapping[str, object] | None = None) -> RuleSet:
    """Look up a preset and apply option overrides."""
    base = PRESETS.get(preset)
    if base is None:
        raise RuleSetError(
            problem(
                "there is no rule set {preset!r}: choose one of {presets}",
                preset=preset,
                presets=", ".join(PRESETS),
            )
        )
    return base.with_options(options or {})
