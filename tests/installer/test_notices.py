"""The third-party notices: every library the app runs on, named with its licence and
texts, the same bytes every time (``installer/notices.py``, ``clabber_league.notices``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clabber_league.notices import canonical, notices_text, runtime_libraries
from installer.notices import FILE_NAME, main, project_requirements, write_notices

DEPENDENCIES = project_requirements()


@pytest.fixture(scope="module")
def notices(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("notices") / FILE_NAME
    main(["--out", str(out)])
    return out.read_text(encoding="utf-8")


def test_every_runtime_dependency_is_named_with_its_version_and_licence(notices: str) -> None:
    libraries = runtime_libraries()
    named = {library.key for library in libraries}
    direct = {canonical(re.split(r"[<>=!~;\[ ]", requirement)[0]) for requirement in DEPENDENCIES}
    assert direct <= named
    # What they need in turn: SQLAlchemy under sqlmodel and alembic, h11 under uvicorn.
    assert {"sqlalchemy", "pydantic", "h11", "shiboken6"} <= named
    for library in libraries:
        assert f"  {library.name} {library.version} ({library.licence})" in notices
        assert library.licence != "not stated", library.name


def test_extras_and_the_test_tools_are_left_out(notices: str) -> None:
    named = {library.key for library in runtime_libraries()}
    # pytest and hypothesis are the app's "test" extra; greenlet SQLAlchemy's "asyncio".
    assert not {"pytest", "hypothesis", "greenlet", "clabber-league"} & named


def test_the_licence_texts_the_libraries_ship_are_given_whole(notices: str) -> None:
    bidi = next(lib for lib in runtime_libraries() if lib.key == "python-bidi")
    assert any(file.path.endswith("COPYING.LESSER") for file in bidi.files)
    for file in bidi.files:
        assert file.text.rstrip() in notices
    # Babel's CLDR data has its own licence, outside the dist-info.
    assert "babel/locale-data/LICENSE.unicode" in notices


def test_qt_is_given_its_lgpl_note_source_and_the_licence_texts(notices: str) -> None:
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in notices
    assert "GNU GENERAL PUBLIC LICENSE" in notices
    assert "https://download.qt.io/official_releases/QtForPython/" in notices
    assert "You may replace the Qt libraries" in notices
    assert "resources/fonts/LICENSE-Nanum.txt" in notices


def test_the_same_libraries_give_the_same_bytes(tmp_path: Path, notices: str) -> None:
    first, second = tmp_path / "a" / FILE_NAME, tmp_path / "b" / FILE_NAME
    write_notices(first)
    write_notices(second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_text(encoding="utf-8") == notices
    assert b"\r\n" not in first.read_bytes()
    # What About works out in a checkout, from the installed app's own metadata.
    assert notices_text() == notices


def test_a_build_without_the_apps_dependencies_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LookupError, match="no-such-library"):
        write_notices(tmp_path / FILE_NAME, ["no-such-library>=1"])
    # A requirement with a marker may be missing: its marker was false here.
    write_notices(tmp_path / FILE_NAME, ['no-such-library>=1; sys_platform == "win32"'])
