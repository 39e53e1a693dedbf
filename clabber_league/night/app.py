"""The league night service as a Starlette app: thin routes over ``NightService``.

Each route reads its token and (for a write) the JSON body, hands both to
the service in a worker thread (the store blocks), and answers with what the
service returns; every ``NightError`` becomes its status and body in one
exception handler. The body of a request is read as strict JSON: declared as
``application/json``, UTF-8, one object, at most ``NIGHT_REQUEST_BYTES``
(more is 413), no repeated keys, no NaN or Infinity.

Every error's sentence (``{"error": …}``) is said in the language the service
speaks (``serve --lang``, the window's), as the service's own refusals are; its
status, its fields and its headers are the contract's whatever the language.

The pages are files in ``static/``: ``/t/{token}`` the table's phone page and
``/board/{token}`` the board, with the service's language written in
(``night.words``), ``/i18n/<lang>.js`` their words, ``/static/…`` their scripts
and styles. A watcher notices other programs' writes (one small query every
``WATCH_S``) so the pages hear of those too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from clabber_league import i18n
from clabber_league.i18n import _, said
from clabber_league.night.access_log import AccessLog, redacted
from clabber_league.night.events import EventHub, Stream
from clabber_league.night.guard import RateLimit, RateLimits, SecurityHeaders
from clabber_league.night.service import NightError, NightService, bad_request, failure, not_found
from clabber_league.night.words import page, words_script
from clabber_league.rules.limits import NIGHT_REQUEST_BYTES, NIGHT_STREAMS
from clabber_league.rules.messages import N_, Problem, problem
from clabber_league.store.errors import StoreError
from clabber_league.store.night import Answer

LOG = logging.getLogger(__name__)
STATIC = Path(__file__).resolve().parent / "static"
Endpoint = Callable[[Request], Awaitable[Response]]
#: How often the watcher looks for other programs' writes (seconds).
WATCH_S = 0.5


def create_app(
    service: NightService,
    hub: EventHub | None = None,
    limits: RateLimits | None = None,
    *,
    access_log: bool = False,
) -> ASGIApp:
    """The whole service: routes, errors, headers, rate limits; with ``access_log``, a
    line for every request (``night.access_log``)."""
    events = hub or EventHub(NIGHT_STREAMS.high)
    service.add_listener(events.publish)

    away = _Outage()

    async def watch() -> None:
        while True:
            await asyncio.sleep(WATCH_S)
            try:
                await run_in_threadpool(service.notice_changes)
            except StoreError as exc:  # the database away for a moment: tried again
                away.began(exc)
            else:
                away.ended()

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        events.attach(asyncio.get_running_loop())
        watcher = asyncio.create_task(watch())
        try:
            yield
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher

    app = Starlette(
        routes=_routes(service, events),
        exception_handlers={
            NightError: _night_error,
            StoreError: away.answer,
            HTTPException: _http_error,
            Exception: _unexpected,
        },
        lifespan=lifespan,
    )
    # Strict routes: ``/t/TOKEN/`` is unknown (404), never a redirect built from whatever
    # ``Host`` the request names.
    app.router.redirect_slashes = False
    guarded = SecurityHeaders(RateLimit(_LoggedOnce(app), limits or RateLimits()))
    return AccessLog(guarded) if access_log else guarded


class _LoggedOnce:
    """An exception nobody expected, logged once with its traceback, here.

    Starlette answers it 500 (``_unexpected``) and raises it on, for the server to log;
    uvicorn would then log it again, and outside the rate limit's reach. So it stops
    here, its answer sent, its traceback in the log (at most ``quiet_logs.MOST`` a
    minute when every request meets the same bug). The path is logged with its token
    cut short (``access_log.redacted``): a table's token is the key to its sheet.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await self.app(scope, receive, send)
        except Exception as exc:
            if scope["type"] != "http":
                raise  # the lifespan's failure: the server says the service did not start
            LOG.error(
                "the service could not answer %s %s",
                scope["method"],
                redacted(scope["path"]),
                exc_info=exc,
            )


class _Outage:
    """The database unable to answer (a PostgreSQL server down, the file locked or gone):
    every request is 503 with ``Retry-After`` (nothing stored; the phone sends it again),
    and the log says so once when it begins and once when the watcher finds the database
    answering again — never a line, let alone a traceback, per request."""

    def __init__(self) -> None:
        self._since: str | None = None
        self._lock = threading.Lock()

    def began(self, exc: StoreError) -> None:
        with self._lock:
            first, self._since = self._since is None, self._since or exc.message
        if first:
            LOG.warning("the database cannot answer, so requests are answered 503: %s", exc.message)

    def ended(self) -> None:
        with self._lock:
            was, self._since = self._since, None
        if was is not None:
            LOG.warning("the database answers again")

    async def answer(self, _request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StoreError)
        self.began(exc)
        return JSONResponse({"error": said(exc.message)}, 503, headers={"Retry-After": "5"})


def _routes(service: NightService, hub: EventHub) -> list[BaseRoute]:
    """The endpoints: each one parse, one call, one answer."""

    def read(answer: Callable[[str], dict[str, Any]]) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            return JSONResponse(await run_in_threadpool(answer, _token(request)))

        return endpoint

    def write(change: Callable[[str, Any], Answer]) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            token, body = _token(request), await read_json(request)
            answer = await run_in_threadpool(change, token, body)
            return JSONResponse(answer.document, status_code=answer.status)

        return endpoint

    async def check(request: Request) -> Response:
        token, body = _token(request), await read_json(request)
        return JSONResponse(await run_in_threadpool(service.check, token, body))

    async def correct(request: Request) -> Response:
        token, body = _token(request), await read_json(request)
        answer = await run_in_threadpool(service.correct, token, request.path_params["n"], body)
        return JSONResponse(answer.document, status_code=answer.status)

    async def hand_of(request: Request) -> Response:
        token, n = _token(request), request.path_params["n"]
        return JSONResponse(await run_in_threadpool(service.hand_of, token, n))

    def page(name: str, *, of_table: bool) -> Endpoint:
        """A table's page opens with a table's token only, the board's with the board's."""

        async def endpoint(request: Request) -> Response:
            holder = await run_in_threadpool(service.holder, _token(request))
            if (holder.match is not None) is not of_table:
                raise not_found()
            return _page(name)

        return endpoint

    async def events(request: Request) -> Response:
        token = _token(request)
        holder = await run_in_threadpool(service.holder, token)
        address = request.client.host if request.client else "unknown"
        watched = hub.reserve(holder.match, address)
        if watched is None:
            raise failure(429, problem("too many pages are following the night from here"))

        async def still_open() -> bool:
            try:
                await run_in_threadpool(service.holder, token)
            except NightError:
                return False
            return True

        return _Following(hub, watched, hub.stream(watched, still_open))

    return [
        Route("/api/t/{token}", read(service.table), methods=["GET"]),
        Route("/api/t/{token}/hands", write(service.hand), methods=["POST"]),
        Route("/api/t/{token}/undo", write(service.undo), methods=["POST"]),
        Route("/api/t/{token}/games", write(service.next_game), methods=["POST"]),
        Route("/api/t/{token}/reopen", write(service.reopen), methods=["POST"]),
        Route("/api/t/{token}/hands/{n}", correct, methods=["POST"]),
        Route("/api/t/{token}/hands/{n}", hand_of, methods=["GET"]),
        Route("/api/t/{token}/check", check, methods=["POST"]),
        Route("/api/board/{token}", read(service.board), methods=["GET"]),
        Route("/api/events/{token}", events, methods=["GET"]),
        Route("/t/{token}", page("table.html", of_table=True), methods=["GET"]),
        Route("/board/{token}", page("board.html", of_table=False), methods=["GET"]),
        Route("/i18n/{lang}.js", _words, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False)),
    ]


class _Following(StreamingResponse):
    """An event stream that gives its place back however its answer ends, even one that
    never began (the page gone before its first line)."""

    def __init__(self, hub: EventHub, watched: Stream, lines: AsyncIterator[str]) -> None:
        super().__init__(lines, media_type="text/event-stream")
        self._hub = hub
        self._watched = watched

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._hub.release(self._watched)


def _token(request: Request) -> str:
    return str(request.path_params["token"])


def _page(name: str) -> Response:
    """A page in the language the service speaks now (``serve --lang``, the window's)."""
    path = STATIC / name
    if not path.is_file():
        raise not_found()
    return HTMLResponse(page(path, i18n.current()))


async def _words(request: Request) -> Response:
    code = str(request.path_params["lang"])
    if code not in i18n.LANGUAGES:
        raise not_found()
    return Response(words_script(code), media_type="text/javascript; charset=utf-8")


async def read_json(request: Request) -> Any:
    """The body as strict JSON, or the 400 / 413 / 415 that says why not."""
    media, _sep, parameters = request.headers.get("content-type", "").partition(";")
    charset = parameters.strip().lower().removeprefix("charset=").strip('"')
    if media.strip().lower() != "application/json" or charset not in ("", "utf-8"):
        raise failure(415, problem("send the request as JSON (application/json, UTF-8)"))
    declared = request.headers.get("content-length", "")
    too_big = failure(
        413, problem("a request may be at most {most:,} bytes", most=NIGHT_REQUEST_BYTES.high)
    )
    if declared and (not declared.isdigit() or not NIGHT_REQUEST_BYTES.allows(int(declared))):
        raise too_big
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if not NIGHT_REQUEST_BYTES.allows(len(body)):
            raise too_big
    try:
        return json.loads(
            body.decode("utf-8"),
            object_pairs_hook=_no_repeated_keys,
            parse_constant=_no_constant,
        )
    except UnicodeDecodeError:
        raise bad_request(problem("the request is not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise bad_request(_not_json(exc)) from None
    except RecursionError:
        raise bad_request(problem("the request is nested too deeply")) from None
    except _NotStrictError as exc:  # a repeated key, NaN or Infinity
        raise bad_request(exc.line) from None
    except ValueError:  # a number of thousands of digits, which Python will not read
        raise bad_request(
            problem("the request is not strict JSON: a number in it is too long to read")
        ) from None


#: What the ``json`` module's own words (the start of ``JSONDecodeError.msg``) mean, each
#: a whole sentence of ours, so that every language can say it.
_JSON_MISTAKES: tuple[tuple[str, str], ...] = (
    ("Expecting value", N_("the request is not JSON: a value is missing at character {position}")),
    (
        "Expecting property name",
        N_("the request is not JSON: a key in double quotes is missing at character {position}"),
    ),
    ("Expecting ':'", N_("the request is not JSON: a ':' is missing at character {position}")),
    ("Expecting ','", N_("the request is not JSON: a ',' is missing at character {position}")),
    ("Extra data", N_("the request is not JSON: more follows its end at character {position}")),
    (
        "Unterminated string",
        N_("the request is not JSON: the text that starts at character {position} never ends"),
    ),
    (
        "Invalid control character",
        N_("the request is not JSON: a control character inside a text at character {position}"),
    ),
    ("Invalid \\uXXXX", N_("the request is not JSON: a wrong \\u escape at character {position}")),
    ("Invalid \\escape", N_("the request is not JSON: a wrong escape at character {position}")),
)


def _not_json(error: json.JSONDecodeError) -> Problem:
    """400's line for a body that is not JSON: what is wrong, and where."""
    for start, template in _JSON_MISTAKES:
        if error.msg.startswith(start):
            return Problem(template, {"position": error.pos})
    return problem(
        "the request is not JSON: {reason} at character {position}",
        reason=error.msg,
        position=error.pos,
    )


class _NotStrictError(ValueError):
    """JSON that Python would read but the contract does not allow; ``line`` says why."""

    def __init__(self, line: Problem) -> None:
        super().__init__(line)
        self.line = line


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _value in pairs]
    if len(set(keys)) != len(keys):
        repeated = next(key for key in keys if keys.count(key) > 1)
        raise _NotStrictError(
            problem(
                "the request is not strict JSON: the key {key} is given twice",
                key=repr(repeated),
            )
        )
    return dict(pairs)


def _no_constant(name: str) -> Any:
    raise _NotStrictError(
        problem("the request is not strict JSON: {name} is not a number JSON allows", name=name)
    )


def _not_found() -> dict[str, str]:
    """The one body of every 404, whatever the reason (TABLE_API.md, "Tokens"): the
    service's ``NOT_FOUND`` in the language the service speaks."""
    return {"error": _("not found")}


async def _night_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, NightError)
    headers = {"Retry-After": "5"} if exc.status in (429, 503) else None
    document = _not_found() if exc.status == 404 else exc.document
    return JSONResponse(document, status_code=exc.status, headers=headers)


async def _http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        document = _not_found()
    elif exc.status_code == 405:
        document = {"error": _("method not allowed")}
    else:
        document = {"error": _("bad request")}
    return JSONResponse(document, status_code=exc.status_code, headers=exc.headers)


async def _unexpected(_request: Request, _exc: Exception) -> Response:
    return JSONResponse({"error": _("the service could not answer this request")}, 500)
