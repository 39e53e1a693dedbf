"""The one rule for when two names are the same name, and the one cleaner for keeping one."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clabber_league.rules.limits import NAME
from clabber_league.rules.names import InvalidNameError, clean_name, name_key

MAX_NAME_LENGTH = NAME.high

ZWSP, ZWNJ, ZWJ, RLM, LRE, PDF, BOM = (
    "\u200b",
    "\u200c",
    "\u200d",
    "\u200f",
    "\u202a",
    "\u202c",
    "\ufeff",
)


@pytest.mark.parametrize(
    "twin",
    [
        "Eagles",
        "EAGLES",
        "eagles",
        "  Eagles ",
        "Ｅａｇｌｅｓ",  # full-width
        f"Ea{ZWSP}gles",
        f"{RLM}Eagles",
        f"{LRE}Eagles{PDF}",
        f"{BOM}Eagles",
        f"Eag{ZWJ}les",
    ],
)
def test_names_a_scorekeeper_cannot_tell_apart_have_one_key(twin: str) -> None:
    assert name_key(twin) == name_key("Eagles") == "eagles"


@pytest.mark.parametrize(
    ("first", "second"),
    [("Night  Owls", "night owls"), ("Night\tOwls", "Night Owls"), ("STRASSE", "straße")],
)
def test_spacing_and_case_folding(first: str, second: str) -> None:
    assert name_key(first) == name_key(second)


@pytest.mark.parametrize(
    ("first", "second"), [("Eagles", "Eagle"), ("Орлы", "Орел"), ("A1", "A 1")]
)
def test_different_names_keep_different_keys(first: str, second: str) -> None:
    assert name_key(first) != name_key(second)


@given(st.text(max_size=40))
def test_the_key_is_its_own_key(text: str) -> None:
    key = name_key(text)
    assert name_key(key) == key
    assert not any(unicodedata.category(char) == "Cf" for char in key)
    assert key == key.strip()
    assert "  " not in key


@given(st.text(max_size=40))
def test_a_cleaned_name_has_the_key_of_what_was_typed(text: str) -> None:
    try:
        name = clean_name(text)
    except InvalidNameError:
        return
    assert name_key(name) == name_key(text)
    assert clean_name(name) == name


def test_clean_name_keeps_the_joiners_persian_and_emoji_need() -> None:
    persian = f"می{ZWNJ}خواهم"
    assert clean_name(persian) == persian
    family = f"\U0001f468{ZWJ}\U0001f469{ZWJ}\U0001f467"
    assert clean_name(family) == family


def test_clean_name_drops_other_invisible_characters_and_extra_spaces() -> None:
    assert clean_name(f"  {RLM}Night{ZWSP}   Owls{BOM}  ") == "Night Owls"
    assert clean_name("Ｎｉｇｈｔ Owls") == "Night Owls"
    assert clean_name("Night\nOwls") == "Night Owls"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the team needs a name"),
        ("   ", "the team needs a name"),
        (f"{ZWSP}{RLM}", "the team needs a name"),
        (ZWJ, "the team needs a name"),
        ("Owls\x00", "the team name holds a character that cannot be shown"),
        ("Owls\x1b[31m", "the team name holds a character that cannot be shown"),
        ("\ud800Owls", "the team name holds a character that cannot be shown"),
        ("O" * (MAX_NAME_LENGTH + 1), "the team name is 101 characters long; at most 100 fit"),
    ],
    ids=["empty", "spaces", "invisible", "joiner-only", "nul", "escape", "surrogate", "long"],
)
def test_clean_name_refuses(text: str, message: str) -> None:
    with pytest.raises(InvalidNameError) as refused:
        clean_name(text, "team")
    assert str(refused.value) == message


def test_the_longest_name_fits() -> None:
    assert clean_name("O" * MAX_NAME_LENGTH) == "O" * MAX_NAME_LENGTH
