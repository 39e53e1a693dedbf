"""User text on paper: fitted with an ellipsis, shaped, split by font, never markup."""

from __future__ import annotations

import pytest
from reportlab.platypus import Paragraph

from clabber_league import i18n
from clabber_league.i18n import fill
from clabber_league.reports import fonts
from clabber_league.reports.fonts import BOLD, ELLIPSIS, HANGUL, REGULAR, REPLACEMENT, Run
from clabber_league.reports.styles import stylesheet
from clabber_league.resources import resource

LONG = "The Extraordinarily Long-Named Jack-Nine Appreciation Society of Greater Evansville"


def test_the_fonts_ship_with_their_licences() -> None:
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NanumSquareR.ttf"):
        assert resource("fonts", name).is_file()
    assert "Bitstream" in resource("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE" in resource("fonts", "LICENSE-Nanum.txt").read_text(
        encoding="utf-8"
    )


def test_the_suit_pips_are_in_the_fonts() -> None:
    for bold in (False, True):
        assert fonts.runs("♠♥♦♣", bold) == (Run(BOLD if bold else REGULAR, "♠♥♦♣"),)


def test_a_name_that_fits_is_left_alone() -> None:
    assert fonts.fit("Eagles", 200, 10) == "Eagles"


def test_a_long_name_is_cut_to_the_width_with_an_ellipsis() -> None:
    shown = fonts.fit(LONG, 120, 10)
    assert shown.endswith(ELLIPSIS)
    assert LONG.startswith(shown[:-1])
    assert fonts.width(shown, 10) <= 120
    # The longest cut that fits: one more letter would not.
    longer = LONG[: len(shown)].rstrip() + ELLIPSIS
    assert fonts.width(longer, 10) > 120


def test_a_cut_never_leaves_a_space_before_the_ellipsis() -> None:
    name = "Jack Nine"
    width = fonts.width("Jack …", 10)  # room for "Jack" and a space, not for "N"
    assert fonts.fit(name, width, 10) == "Jack…"


def test_no_room_at_all_leaves_just_the_ellipsis() -> None:
    assert fonts.fit("Eagles", 1, 10) == ELLIPSIS


def test_bold_is_measured_in_bold() -> None:
    assert fonts.width("Eagles", 10, bold=True) > fonts.width("Eagles", 10)


def test_control_characters_become_spaces_and_blanks_go() -> None:
    assert fonts.clean("  Eagles\tFC\n") == "Eagles FC"


def test_accents_are_composed() -> None:
    assert fonts.clean("Cafe\u0301") == "Café"


def test_korean_letters_take_the_hangul_font() -> None:
    assert fonts.runs("독수리 FC") == (Run(HANGUL, "독수리"), Run(REGULAR, " FC"))


def test_letters_no_font_has_print_as_the_replacement_mark() -> None:
    # Nanum lists some Hanja but draws them empty: only Hangul is taken from it.
    assert fonts.runs("中文 🦅") == (Run(REGULAR, f"{REPLACEMENT * 2} {REPLACEMENT}"),)


def visual(text: str) -> str:
    """The text as its runs print it: in display order, letters shaped."""
    return "".join(run.text for run in fonts.runs(text))


def test_persian_is_shaped_and_put_in_display_order() -> None:
    shown = visual("عقاب")
    # Right to left in presentation forms: ب alone (alef does not join on),
    # ا final, ق medial, ع initial.
    assert shown == "\ufe8f\ufe8e\ufed8\ufecb"
    assert all(run.font == REGULAR for run in fonts.runs("عقاب"))


def test_a_line_with_persian_still_reads_left_to_right() -> None:
    shown = visual("عقاب v Owls")
    assert shown.endswith(" v Owls")


def test_the_zero_width_non_joiner_shapes_and_goes() -> None:
    shown = visual("پیک\u200cها")
    assert "\u200c" not in shown
    assert REPLACEMENT not in "".join(run.text for run in fonts.runs("پیک\u200cها"))


@pytest.mark.parametrize("base", ["L", "R"])
def test_names_isolated_in_a_persian_sentence_print_in_their_places(base: str) -> None:
    """Every name in a sentence is isolated (``i18n.fill``): python-bidi refused the marks
    ("FSI not allowed here"), so a Persian sheet with a correction could not print."""
    sentence = "دست \u2068Ann\u2069 به \u2068عقاب\u2069 \u2067۹۲\u2069"
    shown = fonts._visual(sentence, base)
    assert "Ann" in shown
    assert not {"\u2066", "\u2067", "\u2068", "\u2069"} & set(shown)
    assert shown == fonts._visual(
        sentence.replace("\u2068", "").replace("\u2067", "").replace("\u2069", ""), base
    )


@pytest.mark.parametrize("base", ["L", "R"])
def test_a_sentence_filled_into_a_sentence_prints(base: str) -> None:
    """Isolates nest when a filled sentence is a value of another ("{night} · week
    {week}", the night itself "{league} — {season}"): the Persian table cards stopped
    with "FSI not allowed here"."""
    i18n.install("fa")
    try:
        night = fill("{league} — {season}", league="Thursday Club", season="پاییز")
        sentence = fill("{night} · هفته {week}", night=night, week="۳")
    finally:
        i18n.install(i18n.SOURCE)
    assert sentence.startswith("\u2068\u2068")  # nested
    shown = fonts._visual(sentence, base)
    assert "Thursday Club" in shown
    assert not {"\u2066", "\u2067", "\u2068", "\u2069"} & set(shown)


@pytest.mark.parametrize(
    "name", ['<b>&"Eagles"', "<para>x</para>", "a &amp; b", "<font name='x'>", "O'Brien's"]
)
def test_markup_prints_the_text_as_typed(name: str) -> None:
    paragraph = Paragraph(fonts.markup(name), stylesheet()["Body"])
    text = "".join(str(fragment.text) for fragment in paragraph.frags)
    assert text == name


def test_markup_gives_hangul_its_font() -> None:
    assert fonts.markup("A&B 독수리") == f'A&amp;B <font name="{HANGUL}">독수리</font>'
