"""What the reliability tests run as separate processes: the command line, and the few
store calls it has no command for.

The tests fork each process from a server that has already loaded the app
(``helpers.launch``: multiprocessing's forkserver), so a process starts in
milliseconds instead of a second; it is still a process of its own, killed
as one. ``child`` is what runs in it; ``main(argv)`` reads::

    GATE COMMAND ARGS...

``GATE`` is a file name: the process loads everything it needs, then waits
until that file exists, so several processes meet the database at the same
moment (``-`` for no waiting). Commands:

- ``cli ARGS…`` — ``clabber-league ARGS…``, exit status and all;
- ``as USER ARGS…`` — the same as the ordinary user USER: root reads and writes
  any file whatever its mode, so read-only files are tried as someone else.
  Everything the commands load is loaded first, as root (the interpreter may
  live where USER cannot read), then the process gives up root for good;
- ``open DB`` — open (and so upgrade) the database;
- ``key-in DB MATCH`` — Key in on a match; prints the game's id;
- ``record DB GAME TRICKS COUNT`` — record COUNT hands of side A making TRICKS,
  reloading when another station got there first; prints each hand's number
  once the store has acknowledged it;
- ``keep-backup DB`` — a copy into the backups folder.
"""

from __future__ import annotations

import importlib
import os
import pwd
import resource
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from clabber_league import cli
from clabber_league.rules import PlayedHand
from clabber_league.store.backup import keep_backup
from clabber_league.store.database import Database
from clabber_league.store.errors import StaleGameError
from clabber_league.store.games import open_game
from clabber_league.store.matches import open_match_game

GATE_TIMEOUT_S = 120


def wait_at(gate: str) -> None:
    if gate == "-":
        return
    deadline = time.monotonic() + GATE_TIMEOUT_S
    while not Path(gate).exists():
        if time.monotonic() > deadline:
            sys.exit("the gate never opened")
        time.sleep(0.002)


def become(user: str) -> None:
    """Load what the commands load, then run as ``user`` (from root; else stay oneself)."""
    for module in (
        "clabber_league.commands.games",
        "clabber_league.commands.league",
        "clabber_league.commands.night",
        "clabber_league.commands.night_cards",
        "clabber_league.commands.printing",
        "clabber_league.reports",
        "clabber_league.reports.gather",
        "clabber_league.store.backup",
        "clabber_league.store.imports",
        "clabber_league.store.league",
        "sqlalchemy.dialects.sqlite.pysqlite",
        "pypdf",
    ):
        importlib.import_module(module)
    from clabber_league.reports import fonts  # noqa: PLC0415

    fonts.register_fonts()
    if os.geteuid() != 0:
        return
    account = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(account.pw_gid)
    os.setuid(account.pw_uid)


def record(location: str, game_id: int, tricks: int, count: int) -> None:
    database = Database.open(location)
    try:
        recorder = open_game(database, game_id)
        for _ in range(count):
            while True:
                try:
                    recorder.record(PlayedHand("A", {"A": tricks}))
                except StaleGameError:
                    continue  # reloaded: try again as the next hand
                print(len(recorder.game.rows), flush=True)
                break
    finally:
        database.close()


def main(argv: list[str]) -> int:
    gate, command, *args = argv
    if command == "cli":
        wait_at(gate)
        return cli.main(args)
    if command == "as":
        become(args[0])
        wait_at(gate)
        return cli.main(args[1:])
    location = args[0]
    wait_at(gate)
    if command == "open":
        Database.open(location).close()
    elif command == "key-in":
        database = Database.open(location)
        try:
            print(open_match_game(database, int(args[1])).id)
        finally:
            database.close()
    elif command == "record":
        record(location, int(args[1]), int(args[2]), int(args[3]))
    elif command == "keep-backup":
        print(keep_backup(Path(location), "test"))
    else:
        return 2
    return 0


@dataclass(frozen=True)
class Plan:
    """One forked process: its arguments, environment and folder, where its standard output
    and error go, and (``size_limit``) how large a file it may write — a full disk, as a
    program sees it."""

    argv: list[str]
    env: dict[str, str]
    cwd: str
    out: str
    err: str
    size_limit: int | None = None


def child(plan: Plan) -> None:
    os.environ.clear()
    os.environ.update(plan.env)
    os.chdir(plan.cwd)
    for name, stream in ((plan.out, 1), (plan.err, 2)):
        descriptor = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(descriptor, stream)
        os.close(descriptor)
    if plan.size_limit is not None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (plan.size_limit, plan.size_limit))
    code = main(plan.argv)
    sys.stdout.flush()
    sys.stderr.flush()
    sys.exit(code)
