"""The window driven as a person would: a real X server, a window manager, a keyboard.

``make screenshots`` runs this (it is not part of ``make test``: it needs Xvfb,
openbox, xdotool and ImageMagick, and takes about a minute). It starts a
throw-away X server with openbox, makes a league in a temporary database
with the command line, opens the window and, with xdotool only:

- starts a new game (Ctrl+N, names and players typed),
- types a whole game, hand by hand (makers' initial, Tab, trick points, Enter;
  an all-passed hand; a hand with melds), and checks the stored totals;
- undoes and redoes a hand with Ctrl+Z / Ctrl+Shift+Z from the empty makers
  field, and checks the store followed;
- shows the table view (F11) and zooms the sheet (Ctrl++);
- resizes the window to 1024×700 and to 1366×768;
- starts the season's match from the New game dialog and copies a paper
  sheet in paper-copy mode (Ctrl+T): unknown makers and the paper's totals;
- starts a game between teams named in Hangul and Persian, with Cyrillic
  players (a second season's), to see them written in letters, not boxes;
- prints a season game whose players have long names with the command line
  and turns the PDF into pictures (pdftoppm), in English and in Persian: the
  dealers written whole, the W in the winner's Total cell;
- shows New game refusing one person on both sides, then starts a game of a
  48-character team and sizes the window to 1024×700 with the league panel open;
- types a hand with a meld and the bell in eight keys (``e e 92 + 50``, Enter:
  the second key in Makers is the bell, ``+`` goes to the makers' melds);
- corrects a hand from the keyboard (Shift+Tab to the sheet, ↑, Ctrl+E) and shows
  that game again in Persian (``--lang fa``);
- opens File → League night… and asks to end the night, to see its warning
  naming the tables not done (and answers No);
- opens Tournament → New…, types eighteen players (two sit out each round)
  and four rounds, sees the movement previewed, keeps it with Enter and shows the
  league panel's players' standings of it;

saving a screenshot of each step to the output folder (``docs/`` by default).
Any step that does not come out as expected stops the run with exit status 1.

    python tests/ui/xvfb/drive.py [--display :99] [--out docs] [--keep]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
APP = [sys.executable, "-m", "clabber_league"]
SCREEN = (1366, 768)
WAIT = 20.0
"""Seconds to wait for a window or a stored change before the run counts as failed."""


class DriveError(RuntimeError):
    """A step did not come out as expected."""


def run(command: Sequence[str], env: dict[str, str], *, check: bool = True) -> str:
    done = subprocess.run(list(command), env=env, capture_output=True, text=True, check=False)
    if check and done.returncode != 0:
        raise DriveError(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return done.stdout


def wait_for(what: str, test: Callable[[], bool], timeout: float = WAIT) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return
        time.sleep(0.2)
    raise DriveError(f"gave up waiting for {what}")


class Desk:
    """The X server, the window manager and the app, with a keyboard to type at them."""

    def __init__(self, display: str, work: Path, out: Path) -> None:
        self.display, self.work, self.out = display, work, out
        self.db = work / "league.sqlite3"
        self.env = {
            **os.environ,
            "DISPLAY": display,
            "QT_QPA_PLATFORM": "xcb",
            "XDG_CONFIG_HOME": str(work / "config"),
            "CLABBER_LEAGUE_DATA": str(work / "data"),
            "CLABBER_LEAGUE_DB": str(self.db),
            "LANG": "C.UTF-8",
        }
        self.processes: list[subprocess.Popen[bytes]] = []
        self.window = ""

    # -- the desk ------------------------------------------------------------------------

    def start_x(self) -> None:
        width, height = SCREEN
        self._spawn(
            ["Xvfb", self.display, "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"]
        )
        wait_for("the X server", self._x_ready)
        self._spawn(["openbox"])
        time.sleep(1.0)

    def _x_ready(self) -> bool:
        done = subprocess.run(
            ["xdotool", "getmouselocation"], env=self.env, capture_output=True, check=False
        )
        return done.returncode == 0

    def _spawn(self, command: list[str]) -> None:
        log = (self.work / f"{Path(command[0]).name}.log").open("wb")
        self.processes.append(
            subprocess.Popen(command, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        )

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()

    # -- the app -------------------------------------------------------------------------

    def cli(self, *args: str) -> str:
        return run([*APP, *args, "--db", str(self.db)], self.env)

    def open_app(self) -> None:
        self._spawn([*APP, "--db", str(self.db)])
        self.window = self.find("Clabber League")
        self.xdo("windowactivate", "--sync", self.window)
        self.size(*SCREEN)

    def shown(self, name: str) -> list[str]:
        """The ids of the windows called ``name`` (a regular expression) that are shown."""
        result = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", name],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        return result.stdout.split()

    def find(self, name: str) -> str:
        wait_for(f"a window called {name!r}", lambda: bool(self.shown(name)))
        return self.shown(name)[-1]

    def gone(self, name: str) -> None:
        """Wait until no window called ``name`` is shown (a dialog has closed)."""
        wait_for(f"the window {name!r} to close", lambda: not self.shown(name))
        time.sleep(0.5)

    def titled(self, words: str) -> None:
        """Wait until the window's title has ``words``: the game is on the sheet and the
        makers' field has the keyboard (a busy app would drop the first keys elsewhere)."""

        def says() -> bool:
            return words in run(["xdotool", "getwindowname", self.window], self.env)

        wait_for(f"the title to say {words!r}", says)
        time.sleep(0.3)

    def xdo(self, *args: str) -> None:
        run(["xdotool", *args], self.env)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.xdo("key", "--clearmodifiers", "--delay", "60", key)
            time.sleep(0.12)

    def type(self, text: str) -> None:
        self.xdo("type", "--clearmodifiers", "--delay", "40", text)
        time.sleep(0.15)

    def size(self, width: int, height: int) -> None:
        self.xdo("windowmove", self.window, "0", "0")
        self.xdo("windowsize", "--sync", self.window, str(width), str(height))
        time.sleep(0.8)

    def shoot(self, name: str, geometry: tuple[int, int] | None = None) -> Path:
        """The screen (cropped to ``geometry`` from the top left) as a small PNG."""
        time.sleep(0.8)
        raw = self.work / f"{name}.raw.png"
        run(["import", "-window", "root", str(raw)], self.env)
        crop = ["-crop", f"{geometry[0]}x{geometry[1]}+0+0", "+repage"] if geometry else []
        return self._small(raw, name, crop)

    def _small(self, raw: Path, name: str, crop: Sequence[str] = ()) -> Path:
        """``raw`` as ``name``.png in the output folder, in few colours."""
        target = self.out / f"{name}.png"
        # 256 colours keep the PNGs small; the sheet has few.
        run(
            ["/usr/bin/convert", str(raw), *crop, "-colors", "128", "-strip",
             "-define", "png:compression-level=9", str(target)],
            self.env,
        )  # fmt: skip
        print(f"  screenshot {target} ({target.stat().st_size // 1024} KB)")
        return target

    def picture(self, pdf: Path, name: str) -> Path:
        """A PDF's first page as a small PNG, as it prints: pdftoppm at 80 dpi."""
        page = self.work / name
        run(["pdftoppm", "-r", "80", "-png", "-singlefile", "-f", "1", str(pdf), str(page)],
            self.env)  # fmt: skip
        return self._small(page.with_suffix(".png"), name)

    # -- what the store says -------------------------------------------------------------

    def game_totals(self, game_id: int) -> tuple[int, dict[str, int]]:
        """A stored game's number of hands and totals."""
        document = self.cli("export", "--game", str(game_id))
        sheet_file = self.work / "game.json"
        sheet_file.write_text(document, encoding="utf-8")
        sheet = json.loads(run([*APP, "score", str(sheet_file)], self.env))
        return len(sheet["hands"]), sheet["totals"]


def hand(desk: Desk, makers: str, tricks: str, *extra: str) -> None:
    """A made or set hand at the keyboard: initial, Tab, trick points, (more), Enter."""
    desk.type(makers)
    desk.keys("Tab")
    desk.type(tricks)
    for key in extra:
        if key.isdigit():
            desk.type(key)
        else:
            desk.keys(key)
    desk.keys("Return")


def expect(what: str, actual: object, wanted: object) -> None:
    if actual != wanted:
        raise DriveError(f"{what}: expected {wanted!r}, got {actual!r}")
    print(f"  ok: {what}")


def make_league(desk: Desk) -> None:
    print("league: a season of three teams with their players")
    desk.cli("season", "create", "--league", "Evansville Clabber", "--season", "Fall 2026")
    for name, players in (("Eagles", "Ann, Bob"), ("Owls", "Cal, Dee"), ("Hawks", "Eve, Fay")):
        desk.cli("team", "add", "--season", "Fall 2026", "--name", name, "--players", players)
    desk.cli("schedule", "generate", "--season", "Fall 2026")
    # A second season with names in Hangul, Persian and Cyrillic. They come to the window
    # from the league: xdotool types such letters by remapping a spare key, and the keys
    # typed after that can go astray while the app reloads its keyboard map.
    desk.cli("season", "create", "--league", "Evansville Clabber", "--season", "Spring 2027")
    for name, players in (("한국 클럽", "민준, 서연"), ("باشگاه مریم", "Сергей, Ольга")):
        desk.cli("team", "add", "--season", "Spring 2027", "--name", name, "--players", players)
    desk.cli("schedule", "generate", "--season", "Spring 2027")


def new_friendly_game(desk: Desk, away: str = "Owls") -> None:
    print("a friendly game, typed without the mouse")
    desk.keys("ctrl+n")
    desk.find("New game")
    for text in ("Eagles", "Ann, Bob", away, "Cal, Dee"):
        desk.type(text)
        desk.keys("Tab")
    desk.keys("Return")
    desk.gone("New game")
    desk.titled(f"Eagles v {away}")


def undo_and_redo(desk: Desk, game_id: int) -> None:
    print("undo and redo from the empty makers field")
    desk.keys("ctrl+z")
    wait_for("the undo stored", lambda: desk.game_totals(game_id)[0] == 2)
    expect("totals after Ctrl+Z", desk.game_totals(game_id)[1], {"A": 154, "B": 170})
    desk.shoot("screenshot-undo")
    desk.keys("ctrl+shift+z")
    wait_for("the redo stored", lambda: desk.game_totals(game_id)[0] == 3)
    expect("totals after Ctrl+Shift+Z", desk.game_totals(game_id)[1], {"A": 154, "B": 262})


def table_view(desk: Desk, name: str) -> None:
    print("the table view (F11)")
    desk.keys("F11")
    time.sleep(1.5)
    desk.shoot(name)
    desk.keys("F11")
    time.sleep(1.0)


def whole_game(desk: Desk, game_id: int) -> None:
    hand(desk, "e", "92")  # Eagles 92, Owls 70
    hand(desk, "o", "100")  # Eagles 62, Owls 100
    hand(desk, "e", "70")  # Eagles set: XX, Owls 92
    wait_for("three hands stored", lambda: desk.game_totals(game_id)[0] == 3)
    undo_and_redo(desk, game_id)
    desk.keys("alt+s", "Return")  # all passed
    hand(desk, "o", "120", "Tab", "Tab", "Tab", "50")  # Owls 120 + melds 50: 42 and 170
    wait_for("five hands stored", lambda: desk.game_totals(game_id)[0] == 5)
    table_view(desk, "table-view")
    hand(desk, "e", "150")  # Eagles 150, Owls 12
    hand(desk, "e", "162")  # Eagles 162, Owls -: the game ends
    wait_for("seven hands stored", lambda: desk.game_totals(game_id)[0] == 7)
    expect("final totals", desk.game_totals(game_id)[1], {"A": 508, "B": 444})
    table_view(desk, "table-view-won")


def sizes(desk: Desk) -> None:
    print("the sheet at 1366×768 and at 1024×700, zoomed")
    desk.size(*SCREEN)
    desk.shoot("screenshot")
    desk.size(1024, 700)
    desk.shoot("screenshot-1024", (1024, 700))
    desk.keys("ctrl+plus", "ctrl+plus")
    desk.shoot("screenshot-zoom", (1024, 700))
    desk.keys("ctrl+0")
    desk.size(*SCREEN)


def paper_hand(desk: Desk, marks: tuple[str, str], totals: tuple[str, str] = ("", "")) -> None:
    """Makers left blank (the paper does not say), both marks, the paper's totals, Enter."""
    desk.keys("Tab")
    desk.type(marks[0])
    desk.keys("Tab")
    desk.type(marks[1])
    if any(totals):
        desk.keys("Tab", "Tab")
        desk.type(totals[0])
        desk.keys("Tab")
        desk.type(totals[1])
    desk.keys("Return")


def paper_copy(desk: Desk, game_id: int) -> None:
    print("the season's match, copied from its paper sheet")
    desk.keys("ctrl+n")
    desk.find("New game")
    desk.keys("alt+e", "Down")  # From the league: the season; home and away filled in
    desk.keys("Return")
    desk.gone("New game")
    desk.titled("Hawks")
    desk.keys("ctrl+t")
    paper_hand(desk, ("92", "70"), ("92", "70"))
    paper_hand(desk, ("62", "100"), ("164", "170"))  # the paper added 92 + 62 wrong
    paper_hand(desk, ("xx", "92"))  # the XX says who made trump (and went set)
    wait_for("three paper hands stored", lambda: desk.game_totals(game_id)[0] == 3)
    expect("paper totals", desk.game_totals(game_id)[1], {"A": 154, "B": 262})
    desk.shoot("paper-copy")


def names_in_every_script(desk: Desk, game_id: int) -> None:
    """Hangul, Persian and Cyrillic names on the sheet: letters, not boxes."""
    print("names in Hangul, Persian and Cyrillic")
    desk.keys("ctrl+n")
    desk.find("New game")
    desk.keys("alt+e", "Down", "Down")  # the second season: its teams and players
    desk.keys("Return")
    desk.gone("New game")
    desk.titled("باشگاه مریم")
    hand(desk, "a", "92")
    hand(desk, "b", "100")
    wait_for("two hands stored", lambda: desk.game_totals(game_id)[0] == 2)
    desk.shoot("names")


def printed_sheet(desk: Desk) -> None:
    """A printed game of a season of its own (the steps before keep theirs): players with
    long names, so each dealer is written whole beside the hand number, and the W."""
    print("the printed sheet of a game whose players have long names")
    season = "Summer 2027"
    desk.cli("season", "create", "--league", "Evansville Clabber", "--season", season)
    for name, players in (
        ("Jack-Nine Club", "Cal Carpenter, Ann Albright"),
        ("West Side Deuces", "Bartholomew Bell, Dee Dunlap"),
    ):
        desk.cli("team", "add", "--season", season, "--name", name, "--players", players)
    desk.cli("schedule", "generate", "--season", season)
    (match,) = json.loads(desk.cli("schedule", "show", "--season", season, "--format", "json"))
    desk.cli("schedule", "edit", "--match", str(match["match"]), "--date", "2026-09-16")
    example = ROOT / "resources" / "examples" / "evansville-full-game.json"
    game_id = desk.cli("import", "--season", season, "--week", "1", str(example)).strip()
    for language, name in (("en", "filled-sheet"), ("fa", "filled-sheet-fa")):
        pdf = desk.work / f"{name}.pdf"
        desk.cli("--lang", language, "print", "game", "--game", game_id, "--out", str(pdf))
        desk.picture(pdf, name)


LONG_TEAM = "The Westside Jack-Nine Social Club of Evansville"
"""A 48-character team name: the heading and the league panel cut it short ("…")."""


def window_width(desk: Desk) -> int:
    """The window's width as the X server has it (xdotool's "Geometry: 1024x700")."""
    found = run(["xdotool", "getwindowgeometry", desk.window], desk.env)
    geometry = next(line for line in found.splitlines() if "Geometry:" in line)
    return int(geometry.split(":")[1].strip().split("x")[0])


def layout_long_team(desk: Desk) -> None:
    """New game: one person on both sides is refused; a 48-character team's game at
    1024×700 with the league panel open (issue 26)."""
    print("New game refuses a player on both sides; a long team name at 1024×700")
    desk.cli("season", "create", "--league", "Evansville Clabber", "--season", "Winter 2027")
    for name, players in ((LONG_TEAM, "Gus, Hal"), ("Larks", "Ivy, Jo")):
        desk.cli("team", "add", "--season", "Winter 2027", "--name", name, "--players", players)
    desk.keys("ctrl+n")
    desk.find("New game")
    for text in ("Eagles", "Ann, Bob", "Owls", "Ann, Dee"):
        desk.type(text)
        desk.keys("Tab")
    desk.shoot("layout-new-game-refused")
    desk.keys("Escape")
    desk.gone("New game")
    desk.keys("ctrl+n")
    desk.find("New game")
    desk.keys("alt+e", "Down", "Down", "Down")  # the third season: the long name's
    desk.shoot("layout-new-game")
    desk.keys("Return")
    desk.gone("New game")
    desk.titled(LONG_TEAM)
    desk.size(1024, 700)
    expect("the window's width at 1024×700, panel open, a long name", window_width(desk), 1024)
    desk.shoot("layout-1024-long-team", (1024, 700))
    desk.size(*SCREEN)


def correcting_by_keyboard(desk: Desk, game_id: int) -> None:
    """Shift+Tab to the sheet lights the last hand, ↑ moves the light, Ctrl+E corrects
    it: the heading names the dealer; the Dealer column holds whole names."""
    print("a hand corrected from the keyboard")
    desk.keys("ctrl+n")
    desk.find("New game")
    for text in ("Eagles", "Annabelle Archer, Bob Brown", "Owls", "Cal Cole, Dee Dunn"):
        desk.type(text)
        desk.keys("Tab")
    desk.keys("Return")
    desk.gone("New game")
    desk.titled("Eagles v Owls")
    hand(desk, "e", "92")
    hand(desk, "o", "100")
    hand(desk, "e", "82", "Tab", "Tab", "Tab", "20")
    wait_for("three hands stored", lambda: desk.game_totals(game_id)[0] == 3)
    desk.keys("shift+Tab", "Up")
    desk.shoot("sheet-current-row")
    desk.keys("ctrl+e")
    desk.shoot("sheet-correcting")
    desk.keys("Escape")


def persian_sheet(desk: Desk) -> None:
    """The same game in Persian: right to left, in Persian digits, notes too."""
    print("the sheet in Persian")
    desk.keys("ctrl+q")
    desk.gone("Clabber League")
    desk._spawn([*APP, "--db", str(desk.db), "--lang", "fa"])
    desk.window = desk.find("Clabber League")
    desk.xdo("windowactivate", "--sync", desk.window)
    desk.size(*SCREEN)
    desk.shoot("sheet-fa")


def end_night_warning(desk: Desk) -> None:
    """File → League night… opens on the first week with a match to play; End the night…
    there names the tables not done, and No (Esc) leaves the night as it was."""
    print("the League night dialog's End the night warning")
    desk.keys("alt+f", "Up", "Up", "Up", "Up", "Return")  # League night…, above Back up…
    desk.find("League night")
    desk.keys("alt+e")
    desk.find("End the night")
    desk.shoot("board-end-night")
    desk.keys("Escape")
    desk.gone("End the night")
    desk.keys("Escape")
    desk.gone("League night")


def meld_and_bell_in_eight_keys(desk: Desk, game_id: int) -> None:
    """A hand with a meld and the bell, the quick way: the makers' initial, the bell's side
    as a second key (on to the tricks), the trick points, + to the makers' melds, the
    meld total, Enter — the picture is taken before Enter, the hand on the panel."""
    print("a meld and the bell in eight keys")
    # Not the Owls: a later step waits for its own "Eagles v Owls" in the title.
    new_friendly_game(desk, away="Robins")
    desk.type("ee92")
    desk.type("+")
    desk.type("50")
    desk.shoot("keys-meld-and-bell")
    desk.keys("Return")
    wait_for("the hand stored", lambda: desk.game_totals(game_id)[0] == 1)
    expect("92 + melds 50 + the bell 20", desk.game_totals(game_id)[1], {"A": 162, "B": 70})


def reopen_game(desk: Desk, game_id: int) -> None:
    """A game with its W is closed: Ctrl+Z takes nothing back; Edit → Reopen game… asks,
    then the W can be taken back."""
    print("a finished game, reopened for a correction")
    new_friendly_game(desk)
    for _ in range(2):
        hand(desk, "e", "162", "Tab", "Tab", "200")  # 162 and Eagles melds 200, twice: the W
    wait_for("the W stored", lambda: desk.game_totals(game_id)[0] == 2)
    desk.keys("ctrl+z")
    time.sleep(1.0)
    expect("hands after Ctrl+Z on the W", desk.game_totals(game_id)[0], 2)
    desk.keys("alt+e", "o")
    desk.find("Reopen the game")
    desk.shoot("closed-reopen-game")
    desk.keys("alt+y")
    desk.gone("Reopen the game")
    desk.keys("ctrl+z")
    wait_for("the W taken back", lambda: desk.game_totals(game_id)[0] == 1)


TOURNAMENT = "Xvfb Progressive"
"""A name no other step uses: the tournament is a season (and a league) of its own."""
TOURNAMENT_PLAYERS = [
    "Ann Ames",
    "Bob Bird",
    "Cal Cole",
    "Dee Dorn",
    "Eve East",
    "Fay Fox",
    "Gus Gray",
    "Hal Hart",
    "Ivy Ives",
    "Jo Judd",
    "Kim Kent",
    "Lou Lane",
    "Max Moss",
    "Ned Nash",
    "Oz Orr",
    "Pat Page",
    "Quin Quay",
    "Ros Rudd",
]


def new_tournament(desk: Desk) -> None:
    """Tournament → New…: the names typed one a line, 4 rounds, the movement shown
    beside them; Enter keeps it and the league panel shows its players' standings."""
    print("a progressive tournament made in the window")
    desk.open_app()
    desk.keys("alt+t", "n")  # Tournament → New…
    desk.find("New tournament")
    desk.type(TOURNAMENT)
    desk.keys("Tab")
    for name in TOURNAMENT_PLAYERS:
        desk.type(name)
        desk.keys("Return")
    desk.keys("alt+r", "ctrl+a")  # the rounds, offered up to 16
    desk.type("4")
    desk.shoot("tournament-new")
    desk.keys("Return")  # OK, the dialog's default button
    desk.gone("New tournament")
    seasons = json.loads(desk.cli("season", "list", "--format", "json"))
    expect("the tournament kept as a season", TOURNAMENT in json.dumps(seasons), True)
    desk.shoot("tournament-standings")
    desk.keys("ctrl+q")
    desk.gone("Clabber League")


def drive(desk: Desk) -> None:
    make_league(desk)
    desk.open_app()
    new_friendly_game(desk)
    whole_game(desk, game_id=1)
    sizes(desk)
    paper_copy(desk, game_id=2)
    names_in_every_script(desk, game_id=3)
    reopen_game(desk, game_id=4)
    layout_long_team(desk)
    meld_and_bell_in_eight_keys(desk, game_id=6)
    correcting_by_keyboard(desk, game_id=7)
    end_night_warning(desk)
    persian_sheet(desk)
    desk.keys("ctrl+q")
    printed_sheet(desk)
    new_tournament(desk)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--display", default=":99", help="a free X display number")
    parser.add_argument("--out", default=str(ROOT / "docs"), help="the screenshots' folder")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args(argv)
    tools = ("Xvfb", "openbox", "xdotool", "import", "pdftoppm")
    missing = [tool for tool in tools if not shutil.which(tool)]
    if missing:
        print(
            f"missing: {', '.join(missing)} "
            "(apt-get install xvfb openbox xdotool imagemagick poppler-utils)"
        )
        return 2
    work = Path(tempfile.mkdtemp(prefix="clabber-xvfb-"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    desk = Desk(args.display, work, out)
    try:
        desk.start_x()
        drive(desk)
    except DriveError as exc:
        print(f"FAILED: {exc}", file=sys.stderr)
        desk.out = work  # the picture of what went wrong is no screenshot for the docs
        with contextlib.suppress(DriveError):
            desk.shoot("failure")
        args.keep = True
        return 1
    finally:
        desk.stop()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work}")
    print("all steps as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
