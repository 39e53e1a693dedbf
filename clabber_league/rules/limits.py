"""Every bound on what a person or a file may give the app, in one place.

The command line, the window's forms, the game-file reader, the store and
the league-night service all check against these, so an input refused at
one door is refused at every door, in the same words. README.md's "Limits"
table is written from ``LIMITS`` (``limits_table``; tests/rules/test_limits.py
keeps the two the same).

Each bound is far above what a real league needs and far below what would let
one input make the program slow, hungry or wrong: an id no database column
can hold, a schedule of a million rounds, a name of ten megabytes that takes
hours to print, a logo that decodes to gigabytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from clabber_league.rules.errors import ClabberError
from clabber_league.rules.messages import problem, shortened

#: The most digits a whole number typed or written may have: more cannot be in range,
#: and Python refuses to read 4,300 digits or more at all.
_MOST_DIGITS = 12


class LimitError(ClabberError):
    """A value outside its limit; the message says what the limit is."""


@dataclass(frozen=True)
class Limit:
    """A whole number allowed from ``low`` to ``high``, both included."""

    key: str
    what: str
    """What is counted, as a message names it: "a team's players"."""
    low: int
    high: int
    unit: str
    """What the number counts ("characters", "bytes"…), or "" for a plain number."""
    where: str
    """Which inputs it bounds, for the README's table."""

    def allows(self, value: int) -> bool:
        return self.low <= value <= self.high

    def check(self, value: int, what: str | None = None) -> int:
        """``value``, or ``LimitError`` naming the range."""
        if not self.allows(value):
            raise self._outside(str(value), what)
        return value

    def parse(self, text: str, what: str | None = None) -> int:
        """A typed whole number in range (plain ASCII digits, an optional sign), or
        ``LimitError``: never ``OverflowError``, never Python's own words."""
        digits = text.strip()
        unsigned = digits[1:] if digits[:1] in "+-" else digits
        if not (unsigned.isascii() and unsigned.isdigit()):
            raise LimitError(
                problem(
                    "{what} must be a whole number {range}, not {value}",
                    what=what or self.what,
                    range=self.range_words(),
                    value=shortened(repr(text)),
                )
            )
        if len(unsigned.lstrip("0")) > _MOST_DIGITS:
            raise self._outside(digits, what)
        return self.check(int(digits), what)

    def _outside(self, value: str, what: str | None) -> LimitError:
        return LimitError(
            problem(
                "{what} must be {range}, not {value}",
                what=what or self.what,
                range=self.range_words(),
                value=shortened(value),
            )
        )

    def range_words(self) -> str:
        if self.unit:
            return problem(
                "from {low:,} to {high:,} {unit}", low=self.low, high=self.high, unit=self.unit
            )
        return problem("from {low:,} to {high:,}", low=self.low, high=self.high)


@dataclass(frozen=True)
class DateLimit:
    """The calendar a schedule may use."""

    first: date
    last: date

    def check(self, value: date, what: str | None = None) -> date:
        """``value``, or ``LimitError`` naming the calendar; ``what`` names the date in
        the message (a ``problem`` word, to be translated with it: "the first night")."""
        if not self.first <= value <= self.last:
            raise LimitError(
                problem(
                    "{what} must be between {first:%d %b %Y} and {last:%d %b %Y}, "
                    "not {value:%d %b %Y}",
                    what=problem("the date") if what is None else what,
                    first=self.first,
                    last=self.last,
                    value=value,
                )
            )
        return value


NAME = Limit(
    "name",
    problem("a name"),
    1,
    100,
    problem("characters"),
    "team, player, league, season and side names, the sponsor's words "
    "(after NFKC; control characters refused, invisible formatting removed)",
)
RECORD_ID = Limit(
    "id",
    problem("an id"),
    1,
    2_147_483_647,
    "",
    "game and match ids (`--game`, `--match`): the largest a PostgreSQL integer holds",
)
PLAYERS = Limit(
    "players",
    problem("a team's roster"),
    0,
    30,
    problem("players"),
    "`team add --players`, Add player",
)
TEAMS = Limit("teams", problem("a season"), 0, 100, problem("teams"), "`team add`, Add team")
ROUNDS = Limit(
    "rounds", problem("the rounds"), 1, 10, "", "`schedule generate --rounds`, Generate schedule"
)
WEEKS = Limit(
    "weeks",
    problem("the week"),
    1,
    200,
    "",
    "a schedule's weeks (rounds × weeks a round), `import --week`",
)
DAYS_BETWEEN = Limit(
    "days",
    problem("the days between weeks"),
    1,
    365,
    problem("days"),
    "`schedule generate --every`, Generate schedule",
)
TABLE = Limit("table", problem("the table"), 1, 500, "", "`schedule edit --table`, Edit match")
GAMES_PER_MATCH = Limit(
    "games",
    problem("the games of a match"),
    1,
    10,
    "",
    "`season create --games-per-match`, New season",
)
PLAYOFF_TEAMS = Limit(
    "playoff_teams",
    problem("a playoff's teams"),
    2,
    16,
    problem("teams"),
    "`playoffs create --teams`, Create playoffs",
)
FORFEIT_POINTS = Limit(
    "forfeit",
    problem("a forfeit's points"),
    0,
    10_000,
    problem("points"),
    "`season create --forfeit-score W-L` (W above L)",
)
TARGET = Limit(
    "target", problem("the target"), 1, 10_000, problem("points"), "a game's `options.target`"
)
HANDS_PER_GAME = Limit(
    "hands_per_game",
    problem("a game"),
    0,
    100,
    problem("hands"),
    "a game's `options.hands_per_game`",
)
TOURNAMENT_SEED = Limit(
    "seed",
    problem("the seed"),
    0,
    2_147_483_647,
    "",
    "`tournament plan --seed`, `tournament knockout --seed`, New tournament, New knockout",
)
"""A tournament's seed: the same seed, the same movement or draw (``random.Random``)."""
ROUND_HANDS = Limit(
    "round_hands",
    problem("a tournament's round"),
    1,
    100,
    problem("hands"),
    "`tournament create --hands-per-round`",
)
HANDS = Limit("hands", problem("a game"), 0, 1_000, problem("hands"), "a game sheet's `hands`")
PAGES = Limit(
    "pages",
    problem("a pad"),
    1,
    1_000,
    problem("pages"),
    "`print blank --pages`, Blank scoresheets",
)
GAME_FILE_BYTES = Limit(
    "game_file",
    problem("a game file"),
    1,
    16 * 1024 * 1024,
    problem("bytes"),
    "`score`, `import` and File → Import (16 MiB: a big league's season export); "
    "only plain files and standard input are read",
)
SCORE_FILES = Limit(
    "files", problem("the files"), 1, 100, problem("files"), "`score FILE…` at once"
)
LOGO_BYTES = Limit(
    "logo_file",
    problem("a logo file"),
    1,
    10 * 1024 * 1024,
    problem("bytes"),
    "`--sponsor-logo` (10 MiB)",
)
LOGO_PIXELS = Limit(
    "logo_pixels",
    problem("a logo's width and height"),
    1,
    4_000,
    problem("pixels"),
    "`--sponsor-logo`: PNG, JPEG or GIF, checked by its header before it is decoded",
)
MESSAGE_CHARS = Limit(
    "message",
    problem("a message line"),
    1,
    200,
    problem("characters"),
    "every problem line: longer values are shortened with …",
)
MESSAGE_LINES = Limit(
    "messages",
    problem("the problems listed"),
    1,
    50,
    problem("lines"),
    "problems reported at once; the same problem is listed once with a count",
)
PORT = Limit("port", "the port", 1, 65_535, "", "`serve --port`, League night…")
PUBLIC_URL = Limit(
    "public_url",
    "the public URL",
    1,
    200,
    "characters",
    "`--public-url` of `serve` and `night`, League night… (every link fits a QR code)",
)
NIGHT_REQUEST_BYTES = Limit(
    "night_request",
    "a league night request",
    0,
    64 * 1024,
    "bytes",
    "the body of a request to the league night service (64 KiB; more is answered 413)",
)
NIGHT_REQUEST_ID = Limit(
    "night_request_id",
    "a request id",
    1,
    100,
    "characters",
    "the `id` a phone gives each change it sends the league night service",
)
NIGHT_LINK_REQUESTS = Limit(
    "night_link_requests",
    "a link's requests a minute",
    1,
    600,
    "requests",
    "the league night service, per table or board link (more is answered 429)",
)
NIGHT_ADDRESS_REQUESTS = Limit(
    "night_address_requests",
    "an address's requests a minute",
    1,
    1_200,
    "requests",
    "the league night service, per phone or computer (more is answered 429)",
)
NIGHT_STREAMS = Limit(
    "night_streams",
    "an address's live event streams",
    1,
    20,
    "streams",
    "the league night service's `/api/events` (pages that update themselves) at once",
)
NIGHT_CONNECTIONS = Limit(
    "night_connections",
    "an address's open connections",
    1,
    64,
    "connections",
    "the league night service, per phone or computer (more are closed at once, unanswered)",
)
NIGHT_ALL_CONNECTIONS = Limit(
    "night_all_connections",
    "the league night service's open connections",
    1,
    2_000,
    "connections",
    "the league night service, every address together (fewer where the system allows "
    "fewer open files)",
)
NIGHT_REQUEST_SECONDS = Limit(
    "night_request_seconds",
    "the time to send one request",
    1,
    10,
    "seconds",
    "the league night service: a request not whole by then is cut off (a slow or stalled client)",
)
SCHEDULE_DATES = DateLimit(date(1900, 1, 1), date(2199, 12, 31))

LIMITS: tuple[Limit, ...] = (
    NAME,
    RECORD_ID,
    PLAYERS,
    TEAMS,
    ROUNDS,
    WEEKS,
    DAYS_BETWEEN,
    TABLE,
    GAMES_PER_MATCH,
    PLAYOFF_TEAMS,
    FORFEIT_POINTS,
    TARGET,
    HANDS_PER_GAME,
    ROUND_HANDS,
    HANDS,
    PAGES,
    GAME_FILE_BYTES,
    SCORE_FILES,
    LOGO_BYTES,
    LOGO_PIXELS,
    MESSAGE_CHARS,
    MESSAGE_LINES,
    PORT,
    PUBLIC_URL,
    NIGHT_REQUEST_BYTES,
    NIGHT_REQUEST_ID,
    NIGHT_LINK_REQUESTS,
    NIGHT_ADDRESS_REQUESTS,
    NIGHT_STREAMS,
    NIGHT_CONNECTIONS,
    NIGHT_ALL_CONNECTIONS,
    NIGHT_REQUEST_SECONDS,
)


def limits_table() -> str:
    """The README's "Limits" table, as Markdown."""
    rows = ["| limit | allowed | applies to |", "|---|---|---|"]
    for limit in LIMITS:
        rows.append(f"| {limit.what} | {limit.range_words()} | {limit.where} |")
    first, last = SCHEDULE_DATES.first, SCHEDULE_DATES.last
    rows.append(
        f"| a schedule's dates | from {first:%d %b %Y} to {last:%d %b %Y} | "
        "`--start`, `--date`, every week of a generated schedule |"
    )
    return "\n".join(rows)
