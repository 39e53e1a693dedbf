"""The builder writes only what changed, and removes only what an earlier publish wrote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clabber_league.outputs import OutputError
from clabber_league.site.builder import MANIFEST, Outcome, Page, write_site


def test_a_first_publish_writes_every_page_and_its_manifest(tmp_path: Path) -> None:
    site = tmp_path / "site"
    outcome = write_site(site, [Page("index.html", b"home"), Page("team/1.html", b"one")])
    assert outcome == Outcome(written=2, unchanged=0, removed=0)
    assert (site / "team" / "1.html").read_bytes() == b"one"
    assert (site / MANIFEST).is_file()


def test_the_same_pages_again_write_nothing(tmp_path: Path) -> None:
    pages = [Page("index.html", b"home"), Page("team/1.html", b"one")]
    write_site(tmp_path, pages)
    before = (tmp_path / "index.html").stat().st_mtime_ns
    assert write_site(tmp_path, pages) == Outcome(written=0, unchanged=2, removed=0)
    assert (tmp_path / "index.html").stat().st_mtime_ns == before


def test_a_changed_page_alone_is_written(tmp_path: Path) -> None:
    write_site(tmp_path, [Page("index.html", b"home"), Page("team/1.html", b"one")])
    outcome = write_site(tmp_path, [Page("index.html", b"home"), Page("team/1.html", b"won")])
    assert outcome == Outcome(written=1, unchanged=1, removed=0)
    assert (tmp_path / "team" / "1.html").read_bytes() == b"won"


def test_a_stale_page_goes_with_its_empty_folder_and_a_strangers_file_stays(
    tmp_path: Path,
) -> None:
    (tmp_path / "robots.txt").write_text("User-agent: *\n")
    write_site(tmp_path, [Page("index.html", b"home"), Page("team/2.html", b"two")])
    outcome = write_site(tmp_path, [Page("index.html", b"home")])
    assert outcome == Outcome(written=0, unchanged=1, removed=1)
    assert not (tmp_path / "team").exists()
    assert (tmp_path / "robots.txt").is_file()


def test_a_page_an_earlier_publish_wrote_and_someone_removed_is_no_trouble(
    tmp_path: Path,
) -> None:
    write_site(tmp_path, [Page("index.html", b"home"), Page("team/2.html", b"two")])
    (tmp_path / "team" / "2.html").unlink()
    assert write_site(tmp_path, [Page("index.html", b"home")]).removed == 0


def test_a_manifest_that_is_not_one_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_text('{"pages": ["../../etc/passwd"]}')
    with pytest.raises(OutputError, match="not a published site's list of pages"):
        write_site(tmp_path, [Page("index.html", b"home")])
    assert not (tmp_path / "index.html").exists()


@pytest.mark.parametrize("path", ["../outside", "/etc/outside", "C:/outside", "a\\..\\..\\outside"])
def test_a_manifest_naming_a_path_out_of_the_folder_is_refused(tmp_path: Path, path: str) -> None:
    document = {"format": "clabber-site/1", "pages": [path]}
    (tmp_path / MANIFEST).write_text(json.dumps(document))
    (tmp_path.parent / "outside").write_text("mine")
    with pytest.raises(OutputError, match="not a published site's list of pages"):
        write_site(tmp_path, [Page("index.html", b"home")])
    assert (tmp_path.parent / "outside").read_text() == "mine"


def test_a_file_where_the_folder_goes_is_refused_in_words(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine")
    with pytest.raises(OutputError, match="cannot write"):
        write_site(taken, [Page("index.html", b"home")])
    assert taken.read_text() == "mine"
