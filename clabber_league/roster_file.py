"""Reading a roster spreadsheet (CSV or XLSX) into rows of text, for
``league.roster_sheet``, and a list of players (a tournament's sign-ups: such a
spreadsheet's first column, or text one name a line) for ``tournament plan --players``
and the window's New tournament dialog, and a knockout's teams (a row or a line each:
the team, then its players) for ``tournament knockout`` and the New knockout dialog;
any file it cannot read is one clear line (``InputError``).

CSV is read as UTF-8 (a byte-order mark allowed); XLSX by openpyxl in read-only
mode, its first sheet, every cell as text. The file is read whole, up to
``ROSTER_FILE_BYTES``, and only when it is a plain file (``inputs.read_capped``).
"""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

from clabber_league.i18n import _
from clabber_league.inputs import InputError, read_capped
from clabber_league.rules.limits import Limit
from clabber_league.rules.messages import problem
from clabber_league.rules.names import name_key

ROSTER_FILE_BYTES = Limit(
    "roster_file",
    problem("a roster file"),
    1,
    8 * 1024 * 1024,
    problem("bytes"),
    "`team import` and Import rosters…",
)
#: The kinds of file read, by their name's ending.
KINDS = (".csv", ".xlsx")

TeamEntry = tuple[str, list[str]]
"""A team as written: its name and its players."""


def roster_rows(path: str) -> list[list[str]]:
    """The file's rows, each a list of its cells' text (the header row first)."""
    kind = Path(path).suffix.lower()
    if kind not in KINDS:
        raise InputError(
            problem("{name} is not a CSV or XLSX file (save the sheet as one)", name=path)
        )
    raw = read_capped(path, ROSTER_FILE_BYTES, problem("a roster file"))
    return _xlsx_rows(raw, path) if kind == ".xlsx" else _csv_rows(raw, path)


def player_file(path: str) -> list[str]:
    """The names in ``path``: a CSV or XLSX file's first filled cell of each row, else
    one name a line of UTF-8 text; blank lines skipped."""
    if Path(path).suffix.lower() in KINDS:
        rows = roster_rows(path)
        return [cells[0] for cells in ([c for c in row if c.strip()] for row in rows) if cells]
    return text_lines(path, problem("a list of players"))


def text_lines(path: str, what: str) -> list[str]:
    """The lines of a UTF-8 text file (a byte-order mark allowed) that hold more than
    spaces; ``what`` names the file in a refusal ("a list of players")."""
    raw = read_capped(path, ROSTER_FILE_BYTES, what)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(problem("{name} is not UTF-8 text", name=path)) from None
    return [line for line in text.splitlines() if line.strip()]


def team_entry(text: str) -> TeamEntry:
    """``"Eagles: Ann, Bob"`` (or ``"Eagles, Ann, Bob"``) as the team and its players."""
    team, mark, players = text.partition(":")
    if not mark:
        team, _comma, players = text.partition(",")
    return team.strip(), [player.strip() for player in players.split(",") if player.strip()]


def team_file(path: str) -> list[TeamEntry]:
    """The teams of ``path``: a CSV or XLSX row each (team, player, player), or a line
    each of UTF-8 text as ``--team`` takes it; a first row headed "team" is a header."""
    if Path(path).suffix.lower() in KINDS:
        rows = [[cell.strip() for cell in row if cell.strip()] for row in roster_rows(path)]
        entries = [(row[0], row[1:]) for row in rows if row]
    else:
        entries = [team_entry(line) for line in text_lines(path, problem("a list of teams"))]
    if entries and name_key(entries[0][0]) in {name_key("team"), name_key(_("team"))}:
        entries = entries[1:]
    if not entries:
        raise InputError(problem("{name} holds no teams", name=path))
    return entries


def _csv_rows(raw: bytes, name: str) -> list[list[str]]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(
            problem("{name} is not UTF-8 text: save it as CSV UTF-8", name=name)
        ) from None
    try:
        return [list(row) for row in csv.reader(io.StringIO(text, newline=""))]
    except csv.Error as exc:
        raise InputError(problem("{name} is not readable CSV: {words}", name=name,
                                 words=str(exc))) from None  # fmt: skip


def _xlsx_rows(raw: bytes, name: str) -> list[list[str]]:
    # openpyxl loads when a spreadsheet is read: at the top it cost every start of the
    # window and of every command 63 ms (docs/architecture.md).
    from openpyxl import load_workbook  # noqa: PLC0415
    from openpyxl.utils.exceptions import InvalidFileException  # noqa: PLC0415

    try:
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except (zipfile.BadZipFile, InvalidFileException, KeyError, ValueError, OSError):
        raise InputError(
            problem("{name} is not a readable XLSX workbook: it may be damaged", name=name)
        ) from None
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        if sheet is None:
            return []
        return [
            ["" if cell is None else str(cell) for cell in row]
            for row in sheet.iter_rows(values_only=True)
        ]
    except (zipfile.BadZipFile, KeyError, ValueError, OSError):
        raise InputError(
            problem("{name} is not a readable XLSX workbook: it may be damaged", name=name)
        ) from None
    finally:
        book.close()
