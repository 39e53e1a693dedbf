"""Rule sets: presets, options and seating (RULES.md §1, §9, §10)."""

from __future__ import annotations

import dataclasses
import enum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clabber_league.rules import (
    DEFAULT_PRESET,
    OPTION_SPECS,
    PRESETS,
    ClabberError,
    Options,
    RuleSet,
    RuleSetError,
    Variant,
    rule_set,
)
from clabber_league.rules.rulesets import (
    AllPass,
    KlaberjassRuns,
    MeldRanking,
    OptionSpec,
    SetRule,
    TieAtTarget,
    ZeroMark,
)

ALL_PRESETS = (
    "evansville",
    "evansville-alt",
    "wadesville",
    "two-handed",
    "three-handed",
    "six-handed",
    "klaberjass",
)
CLABBER_PRESETS = tuple(preset for preset in ALL_PRESETS if preset != "klaberjass")

# RULES.md §9 defaults, as file values.
DEFAULT_PLAIN: dict[str, object] = {
    "target": 500,
    "tie_at_target": "tie",
    "all_pass": "next_dealer",
    "set_rule": "more_than_defenders",
    "meld_ranking": "standard",
    "run_of_six": 100,
    "zero_mark": "-",
    "klaberjass_runs": "best",
    "hands_per_game": 0,
}
OPTION_NAMES = tuple(DEFAULT_PLAIN)


# --- presets ---------------------------------------------------------------------------


def test_every_preset_exists() -> None:
    assert set(PRESETS) == set(ALL_PRESETS)
    assert DEFAULT_PRESET == "evansville"


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_preset_has_a_name_and_description(preset: str) -> None:
    rules = rule_set(preset)
    assert rules == PRESETS[preset]
    assert rules.preset == preset
    assert rules.name.strip()
    assert rules.description.strip()
    assert rules.description.endswith(".")


def test_preset_names_are_distinct() -> None:
    names = [PRESETS[preset].name for preset in ALL_PRESETS]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(
    ("preset", "variant"),
    [
        ("evansville", Variant.FOUR_HANDED),
        ("evansville-alt", Variant.FOUR_HANDED),
        ("wadesville", Variant.FOUR_HANDED),
        ("two-handed", Variant.TWO_HANDED),
        ("three-handed", Variant.THREE_HANDED),
        ("six-handed", Variant.SIX_HANDED),
        ("klaberjass", Variant.KLABERJASS),
    ],
)
def test_preset_variants(preset: str, variant: Variant) -> None:
    assert rule_set(preset).variant is variant


def test_default_rule_set_is_evansville() -> None:
    assert rule_set() == rule_set("evansville")
    assert rule_set().options == Options()
    assert rule_set(options={}) == rule_set()


def test_unknown_preset() -> None:
    with pytest.raises(RuleSetError, match="no rule set 'evanston'") as info:
        rule_set("evanston")
    for preset in ALL_PRESETS:
        assert preset in str(info.value)


def test_runs_only_is_klaberjass_alone() -> None:
    for preset in ALL_PRESETS:
        assert rule_set(preset).runs_only is (preset == "klaberjass")


# --- options: defaults (RULES.md §9) ---------------------------------------------------


def test_option_defaults() -> None:
    options = Options()
    assert options.target == 500
    assert options.tie_at_target is TieAtTarget.TIE
    assert options.all_pass is AllPass.NEXT_DEALER
    assert options.set_rule is SetRule.MORE_THAN_DEFENDERS
    assert options.meld_ranking is MeldRanking.STANDARD
    assert options.run_of_six == 100
    assert options.zero_mark is ZeroMark.DASH
    assert options.klaberjass_runs is KlaberjassRuns.BEST


def test_enum_file_values() -> None:
    assert {member.value for member in TieAtTarget} == {"tie", "play_on"}
    assert {member.value for member in AllPass} == {"next_dealer", "same_dealer"}
    assert {member.value for member in SetRule} == {"more_than_defenders", "82_tricks"}
    assert {member.value for member in MeldRanking} == {"standard", "alternate"}
    assert {member.value for member in ZeroMark} == {"-", "~"}
    assert {member.value for member in KlaberjassRuns} == {"best", "all"}


@pytest.mark.parametrize(
    ("preset", "changed"),
    [
        ("evansville", {}),
        ("evansville-alt", {"meld_ranking": "alternate"}),
        ("wadesville", {"run_of_six": 300}),
        ("two-handed", {}),
        ("three-handed", {}),
        ("six-handed", {}),
        ("klaberjass", {}),
    ],
)
def test_preset_options(preset: str, changed: dict[str, object]) -> None:
    assert rule_set(preset).options.as_plain() == {**DEFAULT_PLAIN, **changed}


# --- options: overrides ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "raw", "value"),
    [
        ("target", 300, 300),
        ("target", 1, 1),
        ("target", 1000, 1000),
        ("target", 500, 500),
        ("tie_at_target", "play_on", TieAtTarget.PLAY_ON),
        ("tie_at_target", "tie", TieAtTarget.TIE),
        ("all_pass", "same_dealer", AllPass.SAME_DEALER),
        ("all_pass", "next_dealer", AllPass.NEXT_DEALER),
        ("set_rule", "82_tricks", SetRule.TRICKS_82),
        ("set_rule", "more_than_defenders", SetRule.MORE_THAN_DEFENDERS),
        ("meld_ranking", "alternate", MeldRanking.ALTERNATE),
        ("meld_ranking", "standard", MeldRanking.STANDARD),
        ("run_of_six", 300, 300),
        ("run_of_six", 100, 100),
        ("zero_mark", "~", ZeroMark.TILDE),
        ("zero_mark", "-", ZeroMark.DASH),
        ("klaberjass_runs", "all", KlaberjassRuns.ALL),
        ("klaberjass_runs", "best", KlaberjassRuns.BEST),
    ],
)
def test_with_options_overrides_one_option(key: str, raw: object, value: object) -> None:
    base = rule_set("evansville")
    changed = base.with_options({key: raw})
    assert getattr(changed.options, key) == value
    for other in OPTION_NAMES:
        if other != key:
            assert getattr(changed.options, other) == getattr(base.options, other)
    assert changed.preset == base.preset
    assert changed.name == base.name
    assert changed.variant is base.variant
    assert rule_set("evansville", {key: raw}) == changed
    # The preset itself is untouched.
    assert PRESETS["evansville"].options == Options()


def test_with_options_keeps_the_preset_options() -> None:
    rules = rule_set("wadesville", {"target": 300, "zero_mark": "~"})
    assert rules.options.run_of_six == 300
    assert rules.options.target == 300
    assert rules.options.zero_mark is ZeroMark.TILDE
    alt = rule_set("evansville-alt", {"run_of_six": 300})
    assert alt.options.meld_ranking is MeldRanking.ALTERNATE
    assert alt.options.run_of_six == 300
    back = rule_set("wadesville", {"run_of_six": 100})
    assert back.options.run_of_six == 100


def test_with_options_many_at_once() -> None:
    rules = rule_set(
        "evansville",
        {
            "target": 250,
            "tie_at_target": "play_on",
            "all_pass": "same_dealer",
            "set_rule": "82_tricks",
            "meld_ranking": "alternate",
            "run_of_six": 300,
            "zero_mark": "~",
            "klaberjass_runs": "all",
        },
    )
    assert rules.options == Options(
        target=250,
        tie_at_target=TieAtTarget.PLAY_ON,
        all_pass=AllPass.SAME_DEALER,
        set_rule=SetRule.TRICKS_82,
        meld_ranking=MeldRanking.ALTERNATE,
        run_of_six=300,
        zero_mark=ZeroMark.TILDE,
        klaberjass_runs=KlaberjassRuns.ALL,
    )


@given(st.integers(min_value=1, max_value=10_000))
@settings(max_examples=100)
def test_any_target_within_its_limit(target: int) -> None:
    assert rule_set("evansville", {"target": target}).options.target == target


@given(st.integers(max_value=0) | st.integers(min_value=10_001))
@settings(max_examples=100)
def test_no_target_outside_its_limit(target: int) -> None:
    with pytest.raises(RuleSetError, match="option target must be a whole number from 1 to 10,000"):
        rule_set("evansville", {"target": target})


@pytest.mark.parametrize("hands", [-1, 101, True, "8", 2.5])
def test_no_hands_per_game_outside_its_limit(hands: object) -> None:
    with pytest.raises(
        RuleSetError, match="option hands_per_game must be a whole number from 0 to 100"
    ):
        rule_set("evansville", {"hands_per_game": hands})


# --- options: bad values -----------------------------------------------------------------


@pytest.mark.parametrize("key", ["targett", "Target", "trump", "", "run-of-six", "bell"])
def test_unknown_option(key: str) -> None:
    with pytest.raises(RuleSetError) as info:
        rule_set("evansville", {key: 1})
    message = str(info.value)
    assert f"no option {key!r}" in message
    for name in OPTION_NAMES:
        assert name in message


@pytest.mark.parametrize("raw", [0, -1, -500, True, False, "500", "", 2.5, 500.0, None, [500]])
def test_bad_target(raw: object) -> None:
    with pytest.raises(RuleSetError) as info:
        rule_set("evansville", {"target": raw})
    message = str(info.value)
    assert "option target must be a whole number from 1 to 10,000 points" in message
    assert repr(raw) in message


@pytest.mark.parametrize("raw", [200, 0, 150, 600, -100, "300", "100", True, 300.0, None])
def test_bad_run_of_six(raw: object) -> None:
    with pytest.raises(RuleSetError) as info:
        rule_set("evansville", {"run_of_six": raw})
    message = str(info.value)
    assert "option run_of_six must be 100 or 300" in message
    assert repr(raw) in message


@pytest.mark.parametrize(
    ("key", "raw", "allowed"),
    [
        ("tie_at_target", "maybe", ("'tie'", "'play_on'")),
        ("tie_at_target", "TIE", ("'tie'", "'play_on'")),
        ("tie_at_target", True, ("'tie'", "'play_on'")),
        ("all_pass", "left", ("'next_dealer'", "'same_dealer'")),
        ("all_pass", None, ("'next_dealer'", "'same_dealer'")),
        ("set_rule", "82", ("'more_than_defenders'", "'82_tricks'")),
        ("set_rule", 82, ("'more_than_defenders'", "'82_tricks'")),
        ("meld_ranking", "evansville", ("'standard'", "'alternate'")),
        ("meld_ranking", "", ("'standard'", "'alternate'")),
        ("zero_mark", "x", ("'-'", "'~'")),
        ("zero_mark", "XX", ("'-'", "'~'")),
        ("zero_mark", 0, ("'-'", "'~'")),
        ("klaberjass_runs", "some", ("'best'", "'all'")),
        ("klaberjass_runs", 1, ("'best'", "'all'")),
    ],
)
def test_bad_enum_values(key: str, raw: object, allowed: tuple[str, ...]) -> None:
    with pytest.raises(RuleSetError) as info:
        rule_set("evansville", {key: raw})
    message = str(info.value)
    assert f"option {key} must be" in message
    assert repr(raw) in message
    for value in allowed:
        assert value in message


def test_every_bad_override_is_reported_at_once() -> None:
    with pytest.raises(RuleSetError) as info:
        rule_set(
            "evansville",
            {"target": 0, "run_of_six": 200, "zero_mark": "x", "colour": "red"},
        )
    message = str(info.value)
    assert "option target" in message
    assert "option run_of_six" in message
    assert "option zero_mark" in message
    assert "no option 'colour'" in message


def test_a_bad_override_changes_nothing() -> None:
    base = rule_set("evansville")
    with pytest.raises(RuleSetError):
        base.with_options({"target": 300, "run_of_six": 200})
    assert base.options == Options()


def test_rule_set_error_is_a_value_error() -> None:
    assert issubclass(RuleSetError, ClabberError)
    with pytest.raises(ValueError, match="run_of_six"):
        rule_set("evansville", {"run_of_six": 200})


# --- Klaberjass keeps its own meld and set rules (RULES.md §10) -------------------------


@pytest.mark.parametrize(
    ("key", "raw"),
    [("set_rule", "82_tricks"), ("meld_ranking", "alternate"), ("run_of_six", 300)],
)
def test_klaberjass_refuses_meld_and_set_options(key: str, raw: object) -> None:
    with pytest.raises(RuleSetError) as info:
        rule_set("klaberjass", {key: raw})
    message = str(info.value)
    assert f"option {key} does not apply to Klaberjass" in message


def test_klaberjass_reports_all_three_refusals() -> None:
    with pytest.raises(RuleSetError) as info:
        rule_set(
            "klaberjass", {"set_rule": "82_tricks", "meld_ranking": "alternate", "run_of_six": 300}
        )
    message = str(info.value)
    for key in ("set_rule", "meld_ranking", "run_of_six"):
        assert f"option {key} does not apply" in message


def test_klaberjass_accepts_the_defaults_of_those_options() -> None:
    # Restating a default changes nothing, so it is not refused.
    rules = rule_set(
        "klaberjass",
        {"set_rule": "more_than_defenders", "meld_ranking": "standard", "run_of_six": 100},
    )
    assert rules.options == Options()


def test_klaberjass_accepts_its_other_options() -> None:
    rules = rule_set(
        "klaberjass",
        {
            "target": 1000,
            "tie_at_target": "play_on",
            "all_pass": "same_dealer",
            "zero_mark": "~",
            "klaberjass_runs": "all",
        },
    )
    assert rules.options.target == 1000
    assert rules.options.tie_at_target is TieAtTarget.PLAY_ON
    assert rules.options.all_pass is AllPass.SAME_DEALER
    assert rules.options.zero_mark is ZeroMark.TILDE
    assert rules.options.klaberjass_runs is KlaberjassRuns.ALL


@pytest.mark.parametrize("preset", CLABBER_PRESETS)
def test_clabber_presets_accept_every_option(preset: str) -> None:
    rules = rule_set(
        preset, {"set_rule": "82_tricks", "meld_ranking": "alternate", "run_of_six": 300}
    )
    assert rules.options.set_rule is SetRule.TRICKS_82
    assert rules.options.meld_ranking is MeldRanking.ALTERNATE
    assert rules.options.run_of_six == 300


# --- layouts (RULES.md §1, §10) ----------------------------------------------------------


def test_four_handed_layout() -> None:
    for preset in ("evansville", "evansville-alt", "wadesville"):
        rules = rule_set(preset)
        assert rules.sides == ("A", "B")
        # Clockwise: partners sit opposite.
        assert rules.seats == ("A1", "B1", "A2", "B2")
        assert rules.layout.hand_size == 6
        assert rules.layout.deck_size == 24
        assert rules.layout.players_per_side == 2
        assert rules.layout.seats_of("A") == ("A1", "A2")
        assert rules.layout.seats_of("B") == ("B1", "B2")
        seats = rules.seats
        for i, seat in enumerate(seats):
            assert seats[(i + 2) % 4][0] == seat[0]  # partner opposite
            assert seats[(i + 1) % 4][0] != seat[0]  # opponent on the left
            assert seats[(i - 1) % 4][0] != seat[0]  # opponent on the right


def test_six_handed_layout() -> None:
    rules = rule_set("six-handed")
    assert rules.sides == ("A", "B")
    assert rules.seats == ("A1", "B1", "A2", "B2", "A3", "B3")
    assert rules.layout.hand_size == 4
    assert rules.layout.deck_size == 24
    assert rules.layout.players_per_side == 3
    assert rules.layout.seats_of("A") == ("A1", "A2", "A3")
    assert rules.layout.seats_of("B") == ("B1", "B2", "B3")
    seats = rules.seats
    for i, seat in enumerate(seats):
        # Each player sits between two opponents.
        assert seats[(i + 1) % 6][0] != seat[0]
        assert seats[(i - 1) % 6][0] != seat[0]


def test_three_handed_layout() -> None:
    rules = rule_set("three-handed")
    assert rules.sides == ("A", "B", "C")
    assert rules.seats == ("A", "B", "C")
    assert rules.layout.hand_size == 8
    assert rules.layout.deck_size == 24
    assert rules.layout.players_per_side == 1
    for side in ("A", "B", "C"):
        assert rules.layout.seats_of(side) == (side,)


def test_two_handed_layout() -> None:
    rules = rule_set("two-handed")
    assert rules.sides == ("A", "B")
    assert rules.seats == ("A", "B")
    # Six cards, then three more picked up after trump is made: nine to meld from.
    assert rules.layout.hand_size == 6 + 3
    assert rules.layout.deck_size == 24
    assert rules.layout.players_per_side == 1


def test_klaberjass_layout() -> None:
    rules = rule_set("klaberjass")
    assert rules.sides == ("A", "B")
    assert rules.seats == ("A", "B")
    assert rules.layout.hand_size == 3 + 3 + 3
    assert rules.layout.deck_size == 32
    assert rules.layout.players_per_side == 1


@pytest.mark.parametrize(
    ("preset", "dead"),
    [
        ("evansville", 0),
        ("six-handed", 0),
        ("three-handed", 0),
        ("two-handed", 6),  # the dead hand
    ],
)
def test_hands_use_the_whole_24_card_deck(preset: str, dead: int) -> None:
    layout = rule_set(preset).layout
    assert len(layout.seats) * layout.hand_size + dead == layout.deck_size == 24


def test_every_seat_belongs_to_a_side() -> None:
    for preset in ALL_PRESETS:
        rules = rule_set(preset)
        assert len(set(rules.seats)) == len(rules.seats)
        assert {seat[0] for seat in rules.seats} == set(rules.sides)
        for side in rules.sides:
            assert len(rules.layout.seats_of(side)) == rules.layout.players_per_side


# --- Options.as_plain and OPTION_SPECS ------------------------------------------------


def test_as_plain_defaults() -> None:
    plain = Options().as_plain()
    assert plain == DEFAULT_PLAIN
    assert list(plain) == [option.name for option in dataclasses.fields(Options)]


def test_as_plain_changed() -> None:
    options = rule_set(
        "evansville", {"zero_mark": "~", "target": 300, "set_rule": "82_tricks"}
    ).options
    assert options.as_plain() == {
        **DEFAULT_PLAIN,
        "zero_mark": "~",
        "target": 300,
        "set_rule": "82_tricks",
    }


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_as_plain_round_trips(preset: str) -> None:
    rules = rule_set(preset)
    assert rule_set(preset, rules.options.as_plain()) == rules
    if preset != "klaberjass":
        custom = rule_set(preset, {"tie_at_target": "play_on", "run_of_six": 300})
        assert rule_set(preset, custom.options.as_plain()) == custom


def test_as_plain_values_are_file_values() -> None:
    for preset in ALL_PRESETS:
        for value in rule_set(preset).options.as_plain().values():
            assert isinstance(value, str | int)
            assert not isinstance(value, enum.Enum)


def test_option_specs_cover_every_options_field() -> None:
    keys = [spec.key for spec in OPTION_SPECS]
    assert len(keys) == len(set(keys))
    assert keys == [option.name for option in dataclasses.fields(Options)]
    assert set(keys) == set(OPTION_NAMES)


@pytest.mark.parametrize("spec", OPTION_SPECS, ids=lambda spec: spec.key)
def test_option_spec_texts(spec: OptionSpec) -> None:
    assert spec.label.strip()
    assert spec.description.strip()
    for _value, label in spec.choices:
        assert label.strip()


def test_option_spec_choices_are_every_allowed_value() -> None:
    choices = {spec.key: [value for value, _ in spec.choices] for spec in OPTION_SPECS}
    assert choices == {
        "target": [],  # a free number
        "tie_at_target": ["tie", "play_on"],
        "all_pass": ["next_dealer", "same_dealer"],
        "set_rule": ["more_than_defenders", "82_tricks"],
        "meld_ranking": ["standard", "alternate"],
        "run_of_six": [100, 300],
        "zero_mark": ["-", "~"],
        "klaberjass_runs": ["best", "all"],
        "hands_per_game": [],  # a free number
    }
    # The default comes first, as in RULES.md §9.
    for key, values in choices.items():
        if values:
            assert values[0] == DEFAULT_PLAIN[key]


@pytest.mark.parametrize("spec", OPTION_SPECS, ids=lambda spec: spec.key)
def test_every_choice_is_accepted(spec: OptionSpec) -> None:
    for value, _label in spec.choices:
        rules = rule_set("evansville", {spec.key: value})
        assert rules.options.as_plain()[spec.key] == value


def test_rule_sets_are_frozen() -> None:
    rules = rule_set()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.preset = "other"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.options.target = 100  # type: ignore[misc]
    assert isinstance(rules, RuleSet)
