"""Game files read a chunk at a time (``GameFile``) against reading them whole
(``read_json``): the same games, or the same one-line refusal, whatever the file holds
and wherever the chunks are cut."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clabber_league.commands import game_files
from clabber_league.commands.common import CommandInputError, read_json
from clabber_league.commands.game_files import GameFile
from clabber_league.rules.limits import Limit

HAND = {"makers": "A", "written": {"A": "92", "B": "70"}}
GAME = {"format": "clabber-game/1", "sides": ["Eagles", "Owls"], "hands": [HAND, HAND]}

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)
documents = st.one_of(
    st.lists(st.just(GAME) | values, max_size=5),
    st.just(GAME),
    values,
)
#: Characters a broken file might hold where it breaks.
NOISE = st.sampled_from([*'[]{},:" 0-e.9x\n\t\\', "\ufeff", "é", "\x00", "\ud800"])


@st.composite
def file_texts(draw: st.DrawFn) -> str:
    """A JSON text, laid out some way, and often broken: cut short, or a character
    inserted or dropped somewhere."""
    text = json.dumps(
        draw(documents),
        indent=draw(st.sampled_from([None, 1, 2])),
        ensure_ascii=draw(st.booleans()),
    )
    text = (
        draw(st.sampled_from(["", " ", "\n", "\ufeff"]))
        + text
        + draw(st.sampled_from(["", "\n", " x"]))
    )
    change = draw(st.sampled_from(["none", "none", "cut", "insert", "drop"]))
    at = draw(st.integers(0, len(text)))
    if change == "cut":
        text = text[:at]
    elif change == "insert":
        text = text[:at] + draw(NOISE) + text[at:]
    elif change == "drop":
        text = text[:at] + text[at + 1 :]
    return text


def outcome(read: Any) -> tuple[str, Any]:
    try:
        return "games", read()
    except CommandInputError as exc:
        return "refused", exc.lines


def whole(path: str) -> list[Any]:
    document = read_json(path)
    return document if isinstance(document, list) else [document]


def in_chunks(path: str) -> list[Any]:
    games = GameFile(path)
    read = list(games)
    assert len(games) == len(read)
    return read


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=file_texts(), chunk=st.sampled_from([1, 2, 7, 64, 65536]))
def test_chunks_read_what_the_whole_file_reads(
    text: str, chunk: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_files, "CHUNK", chunk)
    path = tmp_path / "games.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    assert outcome(lambda: in_chunks(str(path))) == outcome(lambda: whole(str(path)))


def test_a_file_that_is_not_utf8_is_refused_in_the_same_words(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    path.write_bytes(b'[{"a": 1}, "\xff"]')
    assert outcome(lambda: in_chunks(str(path))) == outcome(lambda: whole(str(path)))
    assert outcome(lambda: in_chunks(str(path)))[1] == (
        f"{path} is not UTF-8 text, so it cannot be a game sheet",
    )


def test_a_file_changed_between_the_check_and_the_import_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    path.write_text(json.dumps([GAME, GAME]), encoding="utf-8")
    games = GameFile(str(path))
    path.write_text(json.dumps([GAME, GAME])[:-5], encoding="utf-8")
    with pytest.raises(CommandInputError) as refused:
        list(games)
    assert refused.value.lines == (f"{path} changed while it was being read: import it again",)


def test_a_file_grown_past_the_limit_meanwhile_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.json"
    path.write_text(json.dumps([GAME]), encoding="utf-8")
    games = GameFile(str(path))
    path.write_text(json.dumps([GAME] * 100), encoding="utf-8")
    monkeypatch.setattr(
        game_files,
        "GAME_FILE_BYTES",
        Limit("game_file", "a game file", 1, 1000, "bytes", "a small limit for the test"),
    )
    with pytest.raises(CommandInputError) as refused:
        list(games)
    assert "is too long" in refused.value.lines[0]


def test_standard_input_is_read_once_and_gives_its_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps([GAME, GAME]).encode()))
    monkeypatch.setattr("sys.stdin", stdin)
    games = GameFile("-")
    assert len(games) == 2
    assert list(games) == list(games) == [GAME, GAME]


def test_one_game_is_a_file_of_one_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    games = GameFile(str(path))
    assert (len(games), list(games)) == (1, [GAME])
