"""Game files read a chunk at a time: importing a season's 10,000 games costs the memory
of one game, not of the file.

A game file holds one game or a list of games. ``GameFile`` reads a list twice,
64 KiB at a time: first to check that all of it is JSON, keeping nothing it
parses but how many games there are, so that a file broken anywhere is refused
before anything is imported; then once more as the import goes, one game at a
time. A file holding one game, or one the chunked reading finds broken, is read
whole by ``read_json``'s own code, which says exactly what is wrong with it, in
the same words as for any other command.
"""

from __future__ import annotations

import codecs
import io
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from clabber_league.commands.common import CommandInputError, json_from_bytes
from clabber_league.inputs import CappedStream, InputError, open_capped, read_capped
from clabber_league.rules.limits import GAME_FILE_BYTES

CHUNK = 64 * 1024
_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's whitespace
_WHAT = "a game file"


class _UnexpectedError(Exception):
    """The file is not a JSON list as the chunked reading expects it: ``read_json`` says why."""


def _forget(_pairs: object) -> None:
    """What the checking pass makes of each object it parses: nothing."""


_CHECKER = json.JSONDecoder(object_pairs_hook=_forget)
_DECODER = json.JSONDecoder()


class GameFile:
    """The games of a file: how many (``len``), and each in turn, parsed when reached.

    Made from a path (``-``: standard input, read whole as it can be read only
    once), it raises ``CommandInputError`` as ``read_json`` would for a file that
    is not a plain file, too long, not UTF-8 or not JSON.
    """

    def __init__(self, path: str) -> None:
        self._path = path
        self._name = "standard input" if path == "-" else path
        self._stdin: bytes | None = None
        self._stdin = self._read_whole() if path == "-" else None
        self._whole: list[Any] | None = None
        """The games, when the file was read whole."""
        self._count = 0
        try:
            with self._open() as stream:
                self._count = sum(1 for _ in _elements(stream, _CHECKER))
        except InputError as exc:
            raise CommandInputError(exc.lines) from None
        except (_UnexpectedError, ValueError, RecursionError):
            document = json_from_bytes(self._read_whole(), self._name)
            self._whole = document if isinstance(document, list) else [document]

    def __len__(self) -> int:
        return len(self._whole) if self._whole is not None else self._count

    def __iter__(self) -> Iterator[Any]:
        if self._whole is not None:
            yield from self._whole
            return
        try:
            with self._open() as stream:
                yield from _elements(stream, _DECODER)
        except InputError as exc:
            raise CommandInputError(exc.lines) from None
        except (_UnexpectedError, ValueError, RecursionError):
            raise CommandInputError(
                [f"{self._name} changed while it was being read: import it again"]
            ) from None

    def _read_whole(self) -> bytes:
        if self._stdin is not None:
            return self._stdin
        try:
            return read_capped(self._path, GAME_FILE_BYTES, _WHAT)
        except InputError as exc:
            raise CommandInputError(exc.lines) from None

    @contextmanager
    def _open(self) -> Iterator[CappedStream]:
        if self._stdin is not None:
            yield CappedStream(io.BytesIO(self._stdin), self._name, GAME_FILE_BYTES, _WHAT)
            return
        with open_capped(self._path, GAME_FILE_BYTES, _WHAT) as stream:
            yield stream


class _Text:
    """A stream's text, decoded a chunk at a time, and how far it has been parsed."""

    def __init__(self, stream: CappedStream) -> None:
        self._stream = stream
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self._ended = False
        self.text = ""
        self.at = 0

    def more(self) -> bool:
        """Read another chunk, dropping the text parsed already; False at the file's end.
        A chunk is at least as long as the text kept, so that a long value costs reads
        in proportion to its length, not to its square."""
        if self._ended:
            return False
        data = self._stream.read(max(CHUNK, len(self.text) - self.at))
        self._ended = not data
        self.text = self.text[self.at :] + self._decoder.decode(data, final=self._ended)
        self.at = 0
        return True

    def next_char(self) -> str:
        """The next character that is not whitespace ("" at the end of the file)."""
        while True:
            self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.text):
                return self.text[self.at]
            if not self.more():
                return ""


def _elements(stream: CappedStream, decoder: json.JSONDecoder) -> Iterator[Any]:
    """Each element of the JSON list a stream holds, parsed with ``decoder``;
    ``_UnexpectedError`` if the stream holds anything else."""
    reader = _Text(stream)
    if reader.next_char() != "[":
        raise _UnexpectedError
    reader.at += 1
    if reader.next_char() == "]":
        reader.at += 1
    else:
        while True:
            yield _element(reader, decoder)
            following = reader.next_char()
            reader.at += 1
            if following == "]":
                break
            if following != ",":
                raise _UnexpectedError
    if reader.next_char():
        raise _UnexpectedError


def _element(reader: _Text, decoder: json.JSONDecoder) -> Any:
    """The value at the reader's place, reading more of the file until it is whole."""
    while True:
        reader.next_char()
        try:
            value, end = decoder.raw_decode(reader.text, reader.at)
        except (ValueError, RecursionError):
            if reader.more():
                continue  # cut off at the chunk's end, perhaps: try again with more
            raise _UnexpectedError from None
        if end == len(reader.text) and reader.more():
            continue  # a number may go on in the next chunk
        reader.at = end
        return value
