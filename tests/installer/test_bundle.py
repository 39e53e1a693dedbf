"""The built bundle, smoke-tested as a user would run it (``make bundle-test``).

Every test here runs the *bundled* binary, offscreen, with its data folder in a temporary
directory: --version, score on the examples, a screenshot, a blank pad, a first run that
creates and migrates a database; then the tarball installed into a temporary home, and
the binary run in a sandbox that has no Python at all.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from pypdf import PdfReader
from PySide6.QtGui import QImage

from clabber_league import APP_ID, __version__
from clabber_league.file_types import GAME_MIME, GAME_SUFFIX, LEAGUE_MIME, LEAGUE_SUFFIX
from clabber_league.gamesheet import read_game, sheet_document
from clabber_league.i18n import LANGUAGES
from clabber_league.i18n.prebuilt import made
from clabber_league.store.identity import APPLICATION_ID, SCHEMA_MAJOR
from clabber_league.store.migrate import alembic_config
from installer.icons import SIZES
from installer.render import ROOT, AppInfo
from installer.tarball import tarball_name

pytestmark = pytest.mark.bundle

EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.json"))


@pytest.fixture(scope="module")
def bundle(dist: Path) -> Path:
    folder = dist / APP_ID
    if not (folder / APP_ID).is_file():
        pytest.fail(f"no bundle in {folder}: run make bundle first")
    return folder


def clean_env(data: Path, **extra: str) -> dict[str, str]:
    """What a user's session gives the program: no venv, no PYTHONPATH, no display."""
    venv_bin = str(Path(sys.executable).parent)
    path = os.pathsep.join(
        part for part in os.environ.get("PATH", "").split(os.pathsep) if part != venv_bin
    )
    return {
        "PATH": path,
        "HOME": str(data.parent),
        "LANG": "C.UTF-8",
        "QT_QPA_PLATFORM": "offscreen",
        "CLABBER_LEAGUE_DATA": str(data),
        **extra,
    }


def run(
    binary: Path, *args: str, data: Path, check: bool = True
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(binary), *args],
        env=clean_env(data),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    if check:
        assert done.returncode == 0, f"{args}: {done.stderr}"
    return done


# --- what is in the folder ------------------------------------------------------------


def test_the_bundle_holds_the_resources_and_the_migrations_as_files(bundle: Path) -> None:
    inside = bundle / "_internal"
    for folder in ("schemas", "examples", "fonts", "icons", "locale"):
        shipped = {path.name for path in (ROOT / "resources" / folder).iterdir()}
        assert shipped <= {path.name for path in (inside / "resources" / folder).iterdir()}
    migrations = inside / "clabber_league" / "store" / "migrations"
    assert (migrations / "env.py").is_file()
    assert (migrations / "script.py.mako").is_file()
    shipped = {p.name for p in (ROOT / "clabber_league/store/migrations/versions").glob("*.py")}
    assert shipped == {path.name for path in (migrations / "versions").glob("*.py")}
    assert list((inside / "jsonschema_specifications" / "schemas").rglob("metaschema.json"))


def test_the_bundle_holds_the_built_catalogues_and_pages_words_as_made_now(bundle: Path) -> None:
    inside = bundle / "_internal"
    for path, content in made(ROOT).items():
        assert (inside / path.relative_to(ROOT)).read_bytes() == content, path


def test_the_bundle_carries_no_test_or_development_library(bundle: Path) -> None:
    """Built from installer/lock/bundle.txt alone: nothing of the tests' environment."""
    inside = bundle / "_internal"
    names = {path.name.lower() for path in inside.iterdir()}
    for library in (
        "psycopg",
        "psycopg_binary",
        "psycopg_binary.libs",
        "pytest",
        "playwright",
        "hypothesis",
        "mypy",
        "pypdf",
        "httpx",
    ):
        assert library not in names, library
    assert not [name for name in names if name.startswith(("pytest", "psycopg", "playwright"))]


def test_the_bundle_holds_babels_data_for_the_apps_languages_only(bundle: Path) -> None:
    babel = bundle / "_internal" / "babel"
    held = sorted(path.name for path in (babel / "locale-data").iterdir())
    assert held == sorted(f"{code}.dat" for code in ("root", *LANGUAGES))
    assert (babel / "global.dat").is_file()  # likely subtags, time zones: every locale's


def test_no_link_in_the_bundle_points_at_nothing(bundle: Path) -> None:
    dangling = [path for path in bundle.rglob("*") if path.is_symlink() and not path.exists()]
    assert dangling == []


def test_the_bundle_carries_the_apps_licence_and_the_third_party_notices(bundle: Path) -> None:
    inside = bundle / "_internal"
    assert (inside / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    notices = (inside / "THIRD_PARTY_NOTICES.txt").read_text(encoding="utf-8")
    for library in ("PySide6_Essentials", "shiboken6", "python-bidi"):
        assert f"\n  {library} " in notices, library
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in notices
    # Where Help → About reads them (clabber_league.notices.NOTICES_FILE).
    about = inside / "resources" / "licenses" / "THIRD_PARTY_NOTICES.txt"
    assert about.read_text(encoding="utf-8") == notices
    # Only what the bundle ships: not the developer's test tools.
    assert "\n  pytest " not in notices


def test_the_bundle_holds_the_qt_plugins_the_app_uses(bundle: Path) -> None:
    plugins = bundle / "_internal" / "PySide6" / "Qt" / "plugins"
    for plugin in (
        "platforms/libqxcb.so",
        "platforms/libqwayland.so",
        "platforms/libqoffscreen.so",
        "iconengines/libqsvgicon.so",
        "imageformats/libqsvg.so",
        "imageformats/libqjpeg.so",
        "printsupport/libcupsprintersupport.so",
        "platforminputcontexts/libibusplatforminputcontextplugin.so",
        "xcbglintegrations/libqxcb-glx-integration.so",
    ):
        assert (plugins / plugin).is_file(), plugin
    # Trimmed: the on-screen keyboard (all of Qt Quick) and Qt's translations of
    # languages the app does not speak; its own three stay, for Qt's standard dialogs.
    assert not (plugins / "platforminputcontexts" / "libqtvirtualkeyboardplugin.so").exists()
    translations = bundle / "_internal" / "PySide6" / "Qt" / "translations"
    assert sorted(path.name for path in translations.iterdir()) == [
        "qtbase_fa.qm",
        "qtbase_ko.qm",
        "qtbase_ru.qm",
    ]


@pytest.mark.skipif(shutil.which("ldd") is None, reason="ldd")
def test_every_qt_library_and_plugin_finds_the_qt_libraries_it_needs(bundle: Path) -> None:
    """Trimming must never leave a plugin whose Qt libraries are gone (Qt would skip it
    without a word). System libraries (GTK, Wayland) are the desktop's to provide."""
    qt = bundle / "_internal" / "PySide6"
    broken = []
    for library in sorted(qt.rglob("*.so*")):
        if not library.is_file():
            continue
        listing = subprocess.run(
            ["ldd", str(library)], capture_output=True, text=True, check=False
        ).stdout
        broken += [
            f"{library.relative_to(qt)}: {line.strip()}"
            for line in listing.splitlines()
            if "not found" in line and ("libQt6" in line or "libicu" in line)
        ]
    assert broken == []


# --- running it -----------------------------------------------------------------------


def test_version(bundle: Path, tmp_path: Path) -> None:
    done = run(bundle / APP_ID, "--version", data=tmp_path / "data")
    assert done.stdout == f"{APP_ID} {__version__}\n"


@pytest.mark.parametrize("example", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_score_prints_the_same_sheet_as_the_package(
    bundle: Path, tmp_path: Path, example: Path
) -> None:
    done = run(bundle / APP_ID, "score", str(example), data=tmp_path / "data")
    expected = sheet_document(read_game(json.loads(example.read_text("utf-8"))).game())
    assert json.loads(done.stdout) == json.loads(json.dumps(expected))
    assert done.stderr == ""


def test_score_reports_a_bad_game_and_exits_2(bundle: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "clabber-game/1", "sides": ["A"]}', encoding="utf-8")
    done = run(bundle / APP_ID, "score", str(bad), data=tmp_path / "data", check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip()  # the schema's complaint, from the bundled jsonschema data


def test_screenshot_of_an_example_game(bundle: Path, tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    game = ROOT / "resources" / "examples" / "evansville-full-game.json"
    done = run(bundle / APP_ID, "--screenshot", str(out), "--game", str(game), data=tmp_path / "d")
    assert done.stderr == ""
    image = QImage(str(out))
    assert image.width() >= 1100  # asked for 1100x760; the window may insist on more
    assert image.height() >= 760
    # Drawn, not blank: the sheet's ink, paper and red pips make many colours.
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, 400, 7)}
    assert len(colours) > 50


def test_print_blank_writes_a_pdf_with_the_shipped_fonts(bundle: Path, tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    run(bundle / APP_ID, "print", "blank", "--out", str(out), "--pages", "2", data=tmp_path / "d")
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    assert "Clabber" in reader.pages[0].extract_text()
    # The shipped TrueType fonts are embedded (a subset of each, named in the file).
    assert b"/BaseFont /AAAAAA+DejaVuSans" in out.read_bytes()


def test_the_bundle_speaks_every_language(bundle: Path, tmp_path: Path) -> None:
    """The catalogues and Babel's data travel in the bundle: a Russian pad, Korean help."""
    out = tmp_path / "pad.pdf"
    run(bundle / APP_ID, "--lang", "ru", "print", "blank", "--out", str(out), data=tmp_path / "d")
    assert "Краткая справка" in PdfReader(out).pages[0].extract_text()
    assert "사용법" in run(bundle / APP_ID, "--lang", "ko", "--help", data=tmp_path / "d").stdout


def test_lang_ru_gives_qts_own_buttons_in_russian(bundle: Path, tmp_path: Path) -> None:
    """The bundled qtbase_ru.qm is found and installed: Qt's Cancel button is Отмена."""
    done = run(bundle / APP_ID, "--lang", "ru", "about", "--format", "json", data=tmp_path / "d")
    details = json.loads(done.stdout)
    assert (details["language"], details["language_from"]) == ("ru (Русский)", "option")
    assert (details["qt_translations"], details["qt_cancel"]) == (True, "Отмена")
    assert details["version"] == __version__
    assert done.stderr == ""


def test_a_first_run_creates_and_migrates_a_fresh_database(bundle: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert not data.exists()
    run(bundle / APP_ID, "--screenshot", str(tmp_path / "first.png"), data=data)
    database = data / f"{APP_ID}.sqlite3"
    assert database.is_file()
    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [(head,)]
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_MAJOR,)
        assert connection.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    # The new database works: a game goes in and comes out again.
    example = ROOT / "resources" / "examples" / "evansville-full-game.json"
    game_id = run(bundle / APP_ID, "import", str(example), data=data).stdout.strip()
    exported = json.loads(run(bundle / APP_ID, "export", "--game", game_id, data=data).stdout)
    assert exported["sides"] == json.loads(example.read_text("utf-8"))["sides"]


def test_publish_writes_the_site_with_its_templates_sheets_and_calendars(
    bundle: Path, tmp_path: Path
) -> None:
    """The published site from the bundle: Jinja2, the templates and style sheets, the
    calendars and the feed travel in it, and a played game gets its paper sheet."""
    data = tmp_path / "data"
    binary, database = bundle / APP_ID, str(tmp_path / "site.sqlite3")
    run(binary, "season", "create", "--db", database, "--league", "L", "--season", "S", data=data)
    for team in ("Jack-Nine Club", "West Side Deuces"):
        run(binary, "team", "add", "--db", database, "--season", "S", "--name", team, data=data)
    run(binary, "schedule", "generate", "--db", database, "--season", "S", data=data)
    example = ROOT / "resources" / "examples" / "evansville-full-game.json"
    game = run(binary, "import", "--db", database, "--season", "S", "--week", "1", str(example),
               data=data).stdout.strip()  # fmt: skip
    site = tmp_path / "site"
    run(binary, "publish", "--db", database, "--season", "S", "--out", str(site), data=data)
    for name in ("index.html", "site.css", "sheet.css", "calendar.ics", "results.atom"):
        assert (site / name).is_file(), name
    assert 'class="paper-sheet' in (site / "game" / f"{game}.html").read_text("utf-8")


def test_serve_answers_the_contract_and_stops_cleanly(bundle: Path, tmp_path: Path) -> None:
    """The league night service from the bundle: uvicorn, Starlette and the pages inside."""
    data = tmp_path / "data"
    binary, database = bundle / APP_ID, str(tmp_path / "night.sqlite3")
    run(binary, "season", "create", "--db", database, "--league", "L", "--season", "S", data=data)
    for team in ("Eagles", "Owls"):
        run(binary, "team", "add", "--db", database, "--season", "S", "--name", team, data=data)
    run(binary, "schedule", "generate", "--db", database, "--season", "S", data=data)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    night = ["--db", database, "--season", "S", "--week", "1"]
    serve = subprocess.Popen(
        [str(binary), "serve", *night, "--port", str(port)],
        env=clean_env(data),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert serve.stdout is not None
        assert any(line.startswith("stop it with Ctrl+C") for line in serve.stdout)
        listed = run(binary, "night", "tables", *night, "--format", "json", data=data).stdout
        table = json.loads(listed)[0]
        base = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(f"{base}/api/t/{table['token']}", timeout=30) as answer:
            assert json.loads(answer.read())["format"] == "clabber-table/1"
        with urllib.request.urlopen(f"{base}/t/{table['token']}", timeout=30) as page:
            policy = page.headers["Content-Security-Policy"]
            assert policy == "default-src 'self'; frame-ancestors 'none'"
            assert b"<html" in page.read().lower()
        for language in ("en", "fa", "ru", "ko"):  # the pages' words, found in the bundle
            with urllib.request.urlopen(f"{base}/i18n/{language}.js", timeout=30) as words:
                assert b"const NightWords = " in words.read()
        assert phone_page_problems(f"{base}/t/{table['token']}") == []
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(timeout=60) == 0
    finally:
        if serve.poll() is None:
            serve.kill()
        serve.communicate(timeout=60)


def phone_page_problems(url: str) -> list[str]:
    """The phone page in Debian's Chromium until it says Connected: the script errors
    and console errors it met (a page whose words never came stays on "Connecting…")."""
    from playwright.sync_api import expect  # noqa: PLC0415 (the browser tests' own)

    from tests.night.browser import PHONE, chromium, have_chromium, playwright  # noqa: PLC0415

    if not have_chromium():
        pytest.skip("no Chromium (apt install chromium)")
    problems: list[str] = []
    with playwright() as driver, chromium(driver) as browser:
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on(
            "console", lambda line: problems.append(line.text) if line.type == "error" else None
        )
        page.goto(url)
        expect(page.locator("#connection")).to_have_text("Connected")
        context.close()
    return problems


# --- with no Python anywhere ----------------------------------------------------------


def sandbox(bundle: Path, work: Path) -> list[str]:
    """bubblewrap: a root holding only the system's shared libraries and fonts, the
    bundle and a scratch folder. No /usr/bin, no /usr/lib/python3, no /usr/local, no
    pyenv, no venv: if the bundle needed a Python it would fail here."""
    command = ["bwrap", "--die-with-parent", "--unshare-all", "--clearenv"]
    for system in (
        "/usr/lib/x86_64-linux-gnu",
        "/usr/lib64",
        "/usr/lib/locale",
        "/etc/fonts",
        "/usr/share/fonts",
        "/usr/share/fontconfig",
    ):
        if Path(system).exists():
            command += ["--ro-bind", system, system]
    command += ["--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64"]
    command += ["--ro-bind", str(bundle), "/app", "--bind", str(work), "/work"]
    command += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    for name, value in {
        "HOME": "/work",
        "LANG": "C.UTF-8",
        "QT_QPA_PLATFORM": "offscreen",
        "CLABBER_LEAGUE_DATA": "/work/data",
    }.items():
        command += ["--setenv", name, value]
    return command


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap (apt: bubblewrap)")
def test_it_runs_where_there_is_no_python_at_all(bundle: Path, tmp_path: Path) -> None:
    probe = subprocess.run(
        [*sandbox(bundle, tmp_path), "/bin/sh", "-c", "true"], capture_output=True, check=False
    )
    assert probe.returncode != 0, "the sandbox should not even have a shell"
    for args in (
        ["--version"],
        ["score", "/app/_internal/resources/examples/declared-melds.json"],
        ["--screenshot", "/work/shot.png"],  # and a first run: creates and migrates
        ["print", "blank", "--out", "/work/pad.pdf"],
    ):
        done = subprocess.run(
            [*sandbox(bundle, tmp_path), f"/app/{APP_ID}", *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert done.returncode == 0, f"{args}: {done.stderr}"
    assert (tmp_path / "shot.png").is_file()
    assert (tmp_path / "pad.pdf").is_file()
    assert (tmp_path / "data" / f"{APP_ID}.sqlite3").is_file()


# --- the tarball, installed -----------------------------------------------------------


def test_the_tarball_installs_a_working_app_with_its_menu_entry(
    dist: Path, bundle: Path, tmp_path: Path, info: AppInfo
) -> None:
    tarball = dist / tarball_name(info)
    assert tarball.is_file(), f"{tarball} is missing: run make bundle"
    with tarfile.open(tarball) as archive:
        archive.extractall(tmp_path, filter="tar")
    home = tmp_path / "home"
    home.mkdir()
    env = clean_env(home / ".local" / "share" / APP_ID, HOME=str(home))
    subprocess.run(
        ["sh", str(tmp_path / f"{APP_ID}-{__version__}" / "install.sh")],
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    share = home / ".local" / "share"
    desktop = share / "applications" / f"{APP_ID}.desktop"
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(desktop)], check=True)
    for size in SIZES:
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    # The league and game file types, where the desktop looks for them.
    mime = share / "mime"
    assert (mime / "packages" / f"{APP_ID}.xml").is_file()
    if shutil.which("update-mime-database"):
        globs = (mime / "globs2").read_text(encoding="utf-8").splitlines()
        assert f"50:{LEAGUE_MIME}:*{LEAGUE_SUFFIX}" in globs
        assert f"50:{GAME_MIME}:*{GAME_SUFFIX}" in globs
    # What the menu runs: the Exec line's program, with the installed icon findable by name.
    exec_line = next(
        line for line in desktop.read_text("utf-8").splitlines() if line[:5] == "Exec="
    )
    program, opened = shlex.split(exec_line.removeprefix("Exec="))
    assert opened == "%f"  # the file the file manager opens with it
    done = subprocess.run(
        [program, "--version"], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout == f"{APP_ID} {__version__}\n"
    # The icon theme lookup a desktop makes (Icon Theme Specification): the user's
    # $XDG_DATA_HOME/icons first, then the system's, hicolor's index.theme from there.
    search = [str(share / "icons"), "/usr/local/share/icons", "/usr/share/icons"]
    lookup = (
        "import sys\n"
        "from PySide6.QtGui import QGuiApplication, QIcon\n"
        "app = QGuiApplication([])\n"
        "QIcon.setThemeSearchPaths(sys.argv[1:])\n"
        "QIcon.setThemeName('hicolor')\n"
        f"icon = QIcon.fromTheme('{APP_ID}')\n"
        "assert not icon.isNull() and icon.pixmap(48, 48).width() == 48\n"
    )
    subprocess.run([sys.executable, "-c", lookup, *search], env=env, check=True, timeout=60)
    subprocess.run(
        ["sh", str(home / ".local" / "lib" / APP_ID / "uninstall.sh")], env=env, check=True
    )
    assert not desktop.exists()
    assert not (mime / "packages" / f"{APP_ID}.xml").exists()
    assert not (home / ".local" / "bin" / APP_ID).is_symlink()
