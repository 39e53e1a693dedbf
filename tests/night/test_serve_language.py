"""``clabber-league --lang fa serve`` (or ``serve --lang fa``, or CLABBER_LEAGUE_LANG):
the pages it serves are in that language — their ``<html lang dir>``, their words'
script and the service's own sentences — as its own process, the way a club runs it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from clabber_league.store.database import Database
from tests.night.helpers import SEASON, WEEK
from tests.night.test_serve import PROCESS_TIMEOUT_S, ROOT, free_port

NIGHT = ["--season", SEASON, "--week", str(WEEK)]


def served(
    database_path: Path, data_folder: Path, before: list[str], after: list[str], env: dict[str, str]
) -> Iterator[tuple[str, str]]:
    """``serve`` started; the base of its links and its board's link, as it printed them."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "clabber_league", *before, "serve", "--db", str(database_path),
         *NIGHT, "--port", str(port), *after],
        env={**os.environ, "CLABBER_LEAGUE_DATA": str(data_folder), "PYTHONPATH": str(ROOT),
             **env},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        for line in process.stdout:
            found = re.search(r"(http://\S+)/board/\S+", line)
            if found:
                yield found.group(1), found.group(0)
                break
        else:
            pytest.fail(f"serve did not start: {process.communicate()}")
    finally:
        process.terminate()
        process.communicate(timeout=PROCESS_TIMEOUT_S)


@pytest.mark.parametrize(
    ("before", "after", "env"),
    [
        (["--lang", "fa"], [], {}),
        ([], ["--lang", "fa"], {}),
        ([], [], {"CLABBER_LEAGUE_LANG": "fa"}),
    ],
    ids=["lang-before", "lang-after", "environment"],
)
def test_serve_speaks_the_language_it_was_given_on_its_pages(
    database: Database,
    database_path: Path,
    data_folder: Path,
    *,
    before: list[str],
    after: list[str],
    env: dict[str, str],
) -> None:
    assert database.path == database_path  # the league of four teams, made
    for base, board in served(database_path, data_folder, before, after, env):
        page = httpx.get(board).text
        assert '<html lang="fa" dir="rtl">' in page
        assert '<script src="/i18n/fa.js" defer></script>' in page
        words = httpx.get(f"{base}/i18n/fa.js").text
        assert '"lang": "fa"' in words
        unknown = httpx.get(f"{base}/api/t/{'A' * 43}")
        assert unknown.status_code == 404
        assert unknown.json()["error"] != "not found"  # said in Persian
