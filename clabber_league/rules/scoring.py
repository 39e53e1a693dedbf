"""Scoring one hand (RULES.md §5, §6, §10), collecting every problem with the entry.

``score_hand`` is the one door: the game, the CLI and the entry panel all
come through it, so a hand is judged the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping

from clabber_league.rules.cards import Card, Rank, Suit
from clabber_league.rules.errors import HandError, MeldError
from clabber_league.rules.hands import (
    RENEGE_BOTH,
    HandEntry,
    HandKind,
    HandResult,
    PassedHand,
    PlayedHand,
    RenegeHand,
    ShownMelds,
)
from clabber_league.rules.judge import (
    RENEGE_POINTS,
    Judge,
    blank_marks,
    marks_for,
    settle,
)
from clabber_league.rules.meld_totals import possible_meld_totals
from clabber_league.rules.melds import (
    BELL_POINTS,
    Meld,
    classify,
    compare_melds,
    holds_bell,
    meld_value,
)
from clabber_league.rules.messages import N_, and_list, problem
from clabber_league.rules.rulesets import KlaberjassRuns, RuleSet
from clabber_league.rules.tricks import complete_tricks
from clabber_league.rules.written import score_written


def score_hand(
    entry: HandEntry,
    rules: RuleSet,
    *,
    number: int,
    names: Mapping[str, str] | None = None,
) -> HandResult:
    """Score one hand under ``rules``, or raise ``HandError`` listing every problem."""
    judge = Judge(rules, dict(names or {}))
    result: HandResult | None
    if isinstance(entry, PassedHand):
        result = _nothing_written(rules, HandKind.PASSED)
    elif isinstance(entry, PlayedHand):
        result = _played(entry, judge)
    elif isinstance(entry, RenegeHand):
        result = _renege(entry, judge)
    else:
        result = score_written(entry, judge)
    if judge.problems:
        raise HandError(number, judge.problems)
    assert result is not None, "every refusal records its problem"
    return result


def _nothing_written(
    rules: RuleSet, kind: HandKind, makers: str | None = None, trump: Suit | None = None
) -> HandResult:
    """All passed, or both sides reneged: nobody scores, nothing is written (RULES.md §3, §6)."""
    zeros = dict.fromkeys(rules.sides, 0)
    return HandResult(
        kind,
        makers,
        trump,
        set=False,
        scores=zeros,
        sheet_marks=blank_marks(rules),
        melds=dict(zeros),
        reneged=RENEGE_BOTH if kind is HandKind.VOID else None,
    )


def _played(entry: PlayedHand, judge: Judge) -> HandResult | None:
    rules = judge.rules
    makers_ok = judge.is_side(entry.makers, problem("the makers"))
    tricks = complete_tricks(entry.tricks, entry.makers, judge)
    bell_ok = entry.bell is None or judge.is_side(entry.bell, problem("the bell"))
    if entry.declared is not None:
        if entry.melds is not None:
            judge.fail(problem("give the melds either as points or as declared cards, not both"))
        melds_and_winner = _declared_melds(entry, judge)
        bell = _declared_bell(entry, judge) if bell_ok else None
    else:
        melds_and_winner = _written_meld_points(entry.melds or {}, judge)
        bell = entry.bell if bell_ok else None
        if melds_and_winner is not None and bell is not None:
            _check_melds_beside_bell(melds_and_winner[0], bell, judge)
    if not makers_ok or tricks is None or melds_and_winner is None or judge.problems:
        return None
    melds, meld_winner = melds_and_winner
    hand_points = {
        side: tricks[side] + melds[side] + (BELL_POINTS if bell == side else 0)
        for side in rules.sides
    }
    scores, went_set = settle(rules, entry.makers, hand_points, tricks)
    return HandResult(
        HandKind.PLAYED,
        entry.makers,
        entry.trump,
        set=went_set,
        scores=scores,
        sheet_marks=marks_for(rules, scores, entry.makers, went_set),
        melds=melds,
        meld_winner=meld_winner,
        bell=bell,
        tricks=tricks,
    )


def _meld_figures(given: Mapping[str, int], judge: Judge) -> dict[str, int] | None:
    """Meld points entered by side, each one a total the rule set makes possible."""
    rules = judge.rules
    possible = possible_meld_totals(rules).totals

    def impossible(side: str, points: int) -> str | None:
        if points in possible:
            return None
        return problem(
            "{side} cannot score {points} in melds: under {name} a side's melds total one of "
            "{totals}",
            side=judge.name(side),
            points=points,
            name=rules.name,
            totals=", ".join(str(total) for total in sorted(possible)),
        )

    if not judge.figures_ok(
        given,
        N_("melds are given for {side!r}, but the sides are {sides}"),
        N_("{side}'s melds must be a whole number, not {points!r}"),
        impossible,
    ):
        return None
    return {side: given.get(side, 0) for side in rules.sides}


def _written_meld_points(
    given: Mapping[str, int], judge: Judge
) -> tuple[dict[str, int], str | None] | None:
    """Meld points of a played hand: only the side with the best meld scores any."""
    melds = _meld_figures(given, judge)
    if melds is None:
        return None
    scoring = [side for side, points in melds.items() if points > 0]
    if len(scoring) > 1:
        judge.fail(
            problem(
                "{sides} both have melds, but only the side with the best meld scores melds",
                sides=and_list([judge.name(side) for side in scoring]),
            )
        )
        return None
    return melds, (scoring[0] if scoring else None)


def _check_melds_beside_bell(melds: Mapping[str, int], bell: str, judge: Judge) -> None:
    """The bell's king and queen must fit beside the scored melds in someone's hand."""
    possibilities = possible_meld_totals(judge.rules)
    for side, points in melds.items():
        if points and not possibilities.allows(points, "own" if side == bell else "other"):
            judge.fail(
                problem(
                    "{side} cannot show {points} in melds while {bell} holds the bell: the "
                    "cards for both do not fit in the hands",
                    side=judge.name(side),
                    points=points,
                    bell=judge.name(bell),
                )
            )


def _declared_melds(entry: PlayedHand, judge: Judge) -> tuple[dict[str, int], str | None] | None:
    """Classify every shown meld, check the cards, and decide which side scores melds."""
    rules = judge.rules
    assert entry.declared is not None
    if entry.trump is None:
        judge.fail(
            problem("name the trump suit: declared melds and the bell are judged against it")
        )
    by_seat = _classify_seats(entry.declared, judge)
    if by_seat is None or entry.trump is None:
        return None
    by_side: dict[str, list[Meld]] = {side: [] for side in rules.sides}
    for seat, melds in by_seat.items():
        by_side[seat[0]].extend(melds)
    comparison = compare_melds(by_side, rules, entry.trump)
    points = dict.fromkeys(rules.sides, 0)
    winner = comparison.winner
    if winner is not None:
        if rules.runs_only and rules.options.klaberjass_runs is KlaberjassRuns.BEST:
            best = comparison.best[winner]
            assert best is not None
            points[winner] = meld_value(best, rules)
        else:
            points[winner] = sum(meld_value(meld, rules) for meld in by_side[winner])
    return points, winner


def _classify_seats(
    declared: Mapping[str, ShownMelds], judge: Judge
) -> dict[str, list[Meld]] | None:
    """Each seat's melds classified; a card used twice or a hand over-full is a problem."""
    rules = judge.rules
    hand_size = rules.layout.hand_size
    by_seat: dict[str, list[Meld]] = {}
    shown_by: dict[Card, str] = {}
    before = len(judge.problems)
    for seat, shown in declared.items():
        if seat not in rules.seats:
            judge.fail(
                problem(
                    "{seat!r} is not a seat: the seats are {seats}",
                    seat=seat,
                    seats=and_list(rules.seats),
                )
            )
            continue
        melds: list[Meld] = []
        for cards in shown:
            try:
                melds.append(classify(cards, rules))
            except MeldError as exc:
                for line in exc.lines:
                    judge.fail(problem("{seat}'s {meld_problem}", seat=seat, meld_problem=line))
        seat_cards: set[Card] = set()
        for meld in melds:
            twice = seat_cards.intersection(meld.cards)
            if twice:
                judge.fail(
                    problem(
                        "{seat} shows {twice} in two melds: no card counts twice",
                        seat=seat,
                        twice=" ".join(str(card) for card in sorted(twice)),
                    )
                )
            seat_cards.update(meld.cards)
        if len(seat_cards) > hand_size:
            judge.fail(
                problem(
                    "{seat} shows {count} cards but holds only {hand_size}",
                    seat=seat,
                    count=len(seat_cards),
                    hand_size=hand_size,
                )
            )
        for card in sorted(seat_cards):
            if card in shown_by:
                judge.fail(
                    problem(
                        "{card} is shown by both {shown_by} and {seat}",
                        card=card,
                        shown_by=shown_by[card],
                        seat=seat,
                    )
                )
            shown_by[card] = seat
        by_seat[seat] = melds
    return by_seat if len(judge.problems) == before else None


def _declared_bell(entry: PlayedHand, judge: Judge) -> str | None:
    """The bell: found in the shown cards, or claimed and checked against them."""
    rules = judge.rules
    trump = entry.trump
    declared = entry.declared or {}
    if trump is None:
        return None
    cards_of = {
        seat: {card for meld in shown for card in meld}
        for seat, shown in declared.items()
        if seat in rules.seats
    }
    holders = [seat for seat, cards in cards_of.items() if holds_bell(cards, trump)]
    if holders:
        # The shown melds prove who holds the bell (e.g. the forty-dollar dad).
        side = holders[0][0]
        if entry.bell is not None and entry.bell != side:
            judge.fail(
                problem(
                    "the bell belongs to {side}: {holders} shows the king and queen of trumps",
                    side=judge.name(side),
                    holders=holders[0],
                )
            )
        return side
    if entry.bell is None:
        return None
    king, queen = Card(Rank.KING, trump), Card(Rank.QUEEN, trump)
    for seat, cards in cards_of.items():
        for card in (king, queen):
            if card in cards and seat[0] != entry.bell:
                judge.fail(
                    problem(
                        "{bell} cannot have the bell: {seat} shows the {card} (trumps)",
                        bell=judge.name(entry.bell),
                        seat=seat,
                        card=card.describe(),
                    )
                )
                return None
    if not any(
        _room_for_bell(seat, cards_of, (king, queen), rules)
        for seat in rules.layout.seats_of(entry.bell)
    ):
        judge.fail(
            problem(
                "{bell} cannot have the bell: no player of theirs can hold the king "
                "and queen of trumps beside the melds shown",
                bell=judge.name(entry.bell),
            )
        )
        return None
    return entry.bell


def _room_for_bell(
    seat: str, cards_of: Mapping[str, set[Card]], bell_cards: tuple[Card, Card], rules: RuleSet
) -> bool:
    """Whether ``seat`` can hold the bell: no partner shows its cards, and they fit the hand."""
    partners = [other for other in rules.layout.seats_of(seat[0]) if other != seat]
    if any(card in cards_of.get(partner, set()) for partner in partners for card in bell_cards):
        return False
    return len(cards_of.get(seat, set()) | set(bell_cards)) <= rules.layout.hand_size


def _renege(entry: RenegeHand, judge: Judge) -> HandResult | None:
    """RULES.md §6: the other side scores 162 plus its own melds and bell, in every game."""
    rules = judge.rules
    makers_ok = judge.is_side(entry.makers, problem("the makers"))
    if entry.offender == RENEGE_BOTH:
        if any(entry.melds.values()) or entry.bell is not None:
            judge.fail(
                problem("both sides reneged: nobody scores, so no melds or bell can be written")
            )
        if judge.problems or not makers_ok:
            return None
        return _nothing_written(rules, HandKind.VOID, entry.makers, entry.trump)
    offender_ok = judge.is_side(entry.offender, problem("the reneging side"))
    bell = entry.bell
    if bell is not None and judge.is_side(bell, problem("the bell")) and bell == entry.offender:
        judge.fail(problem("{bell} reneged, so its bell does not count", bell=judge.name(bell)))
    melds = _renege_melds(entry, judge)
    if judge.problems or not (makers_ok and offender_ok) or melds is None:
        return None
    scores = {
        side: 0
        if side == entry.offender
        else RENEGE_POINTS + melds[side] + (BELL_POINTS if bell == side else 0)
        for side in rules.sides
    }
    with_melds = [side for side in rules.sides if melds[side] > 0]
    return HandResult(
        HandKind.RENEGE,
        entry.makers,
        entry.trump,
        set=False,
        scores=scores,
        sheet_marks=marks_for(rules, scores, entry.makers, entry.offender == entry.makers),
        melds=melds,
        meld_winner=with_melds[0] if len(with_melds) == 1 else None,
        bell=bell,
        reneged=entry.offender,
    )


def _renege_melds(entry: RenegeHand, judge: Judge) -> dict[str, int] | None:
    """A renege's melds: each innocent side keeps what it declared; the offender none."""
    melds = _meld_figures(entry.melds, judge)
    if melds is None:
        return None
    if melds.get(entry.offender):
        judge.fail(
            problem(
                "{offender} reneged and scores nothing: its melds cannot count",
                offender=judge.name(entry.offender),
            )
        )
        return None
    if entry.bell in judge.rules.sides:
        _check_melds_beside_bell(melds, entry.bell or "", judge)
    return melds
