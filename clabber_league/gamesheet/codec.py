"""Game documents (``clabber-game/1``) to rules objects, and games to sheets.

The schema settles types and names; this module settles which fields make
which kind of hand; the rules engine settles everything about the game.
Each layer reports every problem it finds, one line each, naming the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clabber_league.rules import (
    PRESETS,
    CardError,
    ClabberError,
    Game,
    GameError,
    HandEntry,
    PassedHand,
    PlayedHand,
    RenegeHand,
    RuleSet,
    SheetRow,
    Suit,
    WrittenHand,
    rule_set,
)
from clabber_league.rules.cards import Card
from clabber_league.rules.hands import ShownMelds
from clabber_league.rules.paper import PaperTotal, paper_checks
from clabber_league.rules.rulesets import DEFAULT_PRESET

GAME_FORMAT = "clabber-game/1"
SHEET_FORMAT = "clabber-sheet/1"

_HAND_FIELDS = {
    "played": {"makers", "trump", "tricks", "melds", "declared", "bell"},
    "passed": {"passed"},
    "renege": {"makers", "renege", "trump", "melds", "bell"},
    "written": {"makers", "written", "trump", "paper_totals"},
}


@dataclass(frozen=True)
class GameSpec:
    """A game as a document describes it: rules, sides, first dealer and hand entries."""

    rules: RuleSet
    sides: tuple[str, ...]
    first_dealer: str
    entries: tuple[HandEntry, ...]

    def game(self) -> Game:
        """Score the whole game; ``GameError`` lists every problem of every hand."""
        return Game(self.rules, self.sides, self.first_dealer, self.entries)


def read_game(document: Any) -> GameSpec:
    """Turn a parsed ``clabber-game/1`` document into a ``GameSpec``, or raise ``GameError``."""
    if not isinstance(document, dict) or document.get("format") != GAME_FORMAT:
        found = document.get("format") if isinstance(document, dict) else None
        raise GameError(
            [
                f"this is not a Clabber game sheet: its format must be {GAME_FORMAT!r}"
                + (f", not {found!r}" if found is not None else "")
            ]
        )
    # jsonschema is slow to import; games read back from the store skip it.
    from clabber_league.gamesheet.schema import schema_problems  # noqa: PLC0415

    problems = schema_problems(document)
    if problems:
        raise GameError(problems)
    return game_spec(document)


def game_spec(document: Mapping[str, Any]) -> GameSpec:
    """A ``GameSpec`` from a document already known to match the schema (a stored game)."""
    try:
        rules = rule_set(document.get("rules", DEFAULT_PRESET), document.get("options", {}))
    except ClabberError as exc:
        raise GameError([f"rules: {exc}"]) from None
    messages: list[str] = []
    entries: list[HandEntry] = []
    for n, hand in enumerate(document["hands"], start=1):
        try:
            entries.append(read_hand(hand))
        except ClabberError as exc:
            messages.append(f"hand {n}: {exc}")
    if messages:
        raise GameError(messages)
    first_dealer = document.get("first_dealer", rules.seats[0])
    return GameSpec(rules, tuple(document["sides"]), first_dealer, tuple(entries))


def read_hand(hand: Mapping[str, Any]) -> HandEntry:
    """Decide which kind of hand a schema-valid hand object describes, and build it."""
    kind = next((kind for kind in ("passed", "renege", "written") if kind in hand), "played")
    extra = sorted(set(hand) - _HAND_FIELDS[kind])
    if extra:
        raise ClabberError(f"a {kind} hand does not take {', '.join(extra)}")
    if kind == "passed":
        return PassedHand()
    if "makers" not in hand:
        raise ClabberError("say which side made trump: the makers are missing")
    trump = Suit.from_str(hand["trump"]) if "trump" in hand else None
    if kind == "written":
        # Copied off paper, the makers may be unknown (null): an extension of
        # clabber-game/1 that only a written hand takes (docs/game-sheet-format.md).
        totals = hand.get("paper_totals")
        return WrittenHand(
            hand["makers"], dict(hand["written"]), trump, dict(totals) if totals else None
        )
    makers: str | None = hand["makers"]
    if makers is None:
        raise ClabberError(
            "say which side made trump: only a hand copied from paper may leave the makers "
            "unknown (null)"
        )
    if kind == "renege":
        return RenegeHand(
            makers, hand["renege"], trump, dict(hand.get("melds", {})), hand.get("bell")
        )
    declared = _declared(hand["declared"]) if "declared" in hand else None
    melds = dict(hand["melds"]) if "melds" in hand else None
    return PlayedHand(
        makers, dict(hand.get("tricks", {})), trump, melds, declared, hand.get("bell")
    )


def _declared(declared: Mapping[str, list[list[str]]]) -> dict[str, ShownMelds]:
    bad: list[str] = []
    shown: dict[str, ShownMelds] = {}
    for seat, melds in declared.items():
        parsed: list[tuple[Card, ...]] = []
        for meld in melds:
            cards: list[Card] = []
            for code in meld:
                try:
                    cards.append(Card.from_str(code))
                except CardError as exc:
                    bad.append(f"{seat}: {exc}")
            parsed.append(tuple(cards))
        shown[seat] = tuple(parsed)
    if bad:
        raise ClabberError("; ".join(bad))
    return shown


def hand_document(entry: HandEntry) -> dict[str, Any]:
    """A hand entry as a ``clabber-game/1`` hand object (the inverse of ``read_hand``)."""
    if isinstance(entry, PassedHand):
        return {"passed": True}
    document: dict[str, Any] = {"makers": entry.makers}
    if isinstance(entry, RenegeHand):
        document["renege"] = entry.offender
    if entry.trump is not None:
        document["trump"] = entry.trump.value
    if isinstance(entry, WrittenHand):
        document["written"] = dict(entry.marks)
        if entry.paper_totals:
            document["paper_totals"] = dict(entry.paper_totals)
        return document
    if isinstance(entry, PlayedHand):
        document["tricks"] = dict(entry.tricks)
        if entry.declared is not None:
            document["declared"] = {
                seat: [[str(card) for card in meld] for meld in melds]
                for seat, melds in entry.declared.items()
            }
    if entry.melds:
        document["melds"] = dict(entry.melds)
    if entry.bell is not None:
        document["bell"] = entry.bell
    return document


def game_header(rules: RuleSet, sides: Sequence[str], first_dealer: str) -> dict[str, Any]:
    """The fields of a ``clabber-game/1`` document other than its hands."""
    preset = PRESETS[rules.preset]
    base, chosen = preset.options.as_plain(), rules.options.as_plain()
    header: dict[str, Any] = {"format": GAME_FORMAT, "rules": rules.preset}
    overrides = {key: value for key, value in chosen.items() if base[key] != value}
    if overrides:
        header["options"] = overrides
    header["sides"] = list(sides)
    header["first_dealer"] = first_dealer
    return header


def sheet_document(game: Game) -> dict[str, Any]:
    """The computed sheet (``clabber-sheet/1``) of a scored game."""
    checks = paper_checks(game.rows)
    return {
        "format": SHEET_FORMAT,
        "sides": list(game.sides),
        "hands": [_row_document(row, checks.get(row.n, {})) for row in game.rows],
        "totals": game.totals,
        "finished": game.finished,
        "winner": game.winner,
    }


def _row_document(row: SheetRow, paper: Mapping[str, PaperTotal]) -> dict[str, Any]:
    result = row.result
    document: dict[str, Any] = {
        "n": row.n,
        "dealer": row.dealer,
        "makers": result.makers,
        "trump": result.trump.value if result.trump else None,
        "kind": result.kind.value,
        "set": result.set,
        "meld_winner": result.meld_winner,
        "melds": dict(result.melds) if result.melds is not None else None,
        "bell": result.bell,
        "scores": dict(result.scores),
        "marks": dict(result.marks),
        "totals": dict(row.totals),
        "hand_check": row.hand_check,
        "running_check": row.running_check,
    }
    if paper:
        # Only for hands copied with the paper's totals (an extension): other rows are
        # exactly as SHEET_JSON.md shows them.
        document["paper_totals"] = {side: total.paper for side, total in paper.items()}
        document["paper_slips"] = [side for side, total in paper.items() if total.slipped]
    return document
