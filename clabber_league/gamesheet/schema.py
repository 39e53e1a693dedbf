"""JSON Schema checks of game documents, reported one plain line per problem.

Most documents are fine, so each is first checked by a validator compiled
from the schema to Python (``fastjsonschema``, tens of microseconds a game).
Only a document it refuses goes through ``jsonschema``, which finds every
problem and says where: the problem lines are always ``jsonschema``'s, and a
document is valid exactly when ``jsonschema`` says so (tests/gamesheet
checks that the compiled validator never accepts what ``jsonschema`` refuses).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import fastjsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from clabber_league.resources import resource
from clabber_league.rules.messages import shortened

GAME_SCHEMA = "clabber-game-1.schema.json"
SHEET_SCHEMA = "clabber-sheet-1.schema.json"


@cache
def _schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(resource("schemas", name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return schema


@cache
def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(_schema(name))


@cache
def _compiled(name: str) -> Callable[[Any], Any]:
    """The schema as a Python function that raises at the first problem. ``use_default``
    off: it would otherwise write the schema's defaults into the document."""
    return fastjsonschema.compile(_schema(name), use_default=False)


def schema_problems(document: Any, schema: str = GAME_SCHEMA) -> list[str]:
    """Every way ``document`` breaks the schema, each naming the hand and field."""
    try:
        _compiled(schema)(document)
    except fastjsonschema.JsonSchemaException:
        pass  # jsonschema finds every problem, and says where
    else:
        return []
    return described_problems(document, schema)


def described_problems(document: Any, schema: str = GAME_SCHEMA) -> list[str]:
    """``jsonschema``'s problems with ``document``, one line each (none when it is valid)."""
    errors = sorted(_validator(schema).iter_errors(document), key=lambda e: list(e.path))
    # One line per problem, even where the schema finds it twice (both figures missing).
    return list(dict.fromkeys(_describe(error) for error in errors))


def located_problems(document: Any, schema: str) -> list[str]:
    """``jsonschema``'s problems with ``document``, each line naming its JSON path in full
    (``seasons[0].teams[2].name: …``), for documents deeper than a game sheet."""
    errors = sorted(_validator(schema).iter_errors(document), key=lambda e: list(map(str, e.path)))
    return list(
        dict.fromkeys(f"{json_path(error.absolute_path)}: {_message(error)}" for error in errors)
    )


def json_path(parts: Iterable[str | int]) -> str:
    """A place in a document as a reader writes it: ``seasons[0].teams[2].name``."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "the file"


def _describe(error: ValidationError) -> str:
    path = [str(part) for part in error.absolute_path]
    where = "the file"
    if len(path) >= 2 and path[0] == "hands" and path[1].isdigit():
        where = f"hand {int(path[1]) + 1}"
        path = path[2:]
    elif path:
        where = path[0]
        path = path[1:]
    field = ".".join(path)
    return f"{where}: {field + ': ' if field else ''}{_message(error)}"


def _message(error: ValidationError) -> str:
    """jsonschema's wording, shortened where it would dump a whole value."""
    if error.validator == "additionalProperties":
        return error.message.replace("Additional properties are not allowed", "unknown field")
    if error.validator == "pattern":  # the schema's only pattern is the card code
        return f"{_short(error.instance)} is not a card: write rank then suit, e.g. 10S or JH"
    if error.validator == "required" and list(error.absolute_path)[-1:] == ["tricks"]:
        # The only required field inside a hand: the two-player games' trick points.
        required = error.validator_value if isinstance(error.validator_value, list) else []
        given = error.instance if isinstance(error.instance, dict) else {}
        missing = [str(side) for side in required if side not in given]
        return (
            f"{' and '.join(missing)}'s trick points are missing: two-handed and klaberjass "
            "play only 18 cards, so both players' figures are needed"
        )
    if error.validator == "anyOf":
        return f"{_short(error.instance)} is not allowed here"
    if error.validator == "maxItems" and isinstance(error.instance, list):
        return f"holds {len(error.instance):,} items; at most {error.validator_value:,} are allowed"
    if error.validator == "maxLength" and isinstance(error.instance, str):
        return (
            f"{_short(error.instance)} is {len(error.instance):,} characters long; "
            f"at most {error.validator_value:,} are allowed"
        )
    if error.validator in ("maximum", "minimum"):
        bound = "at most" if error.validator == "maximum" else "at least"
        limit = f"{bound} {error.validator_value:,}"
        return f"{_short(error.instance)} is not allowed here: it must be {limit}"
    if error.validator == "type":
        wanted = error.validator_value
        kinds = wanted if isinstance(wanted, list) else [wanted]
        return f"{_short(error.instance)} is not of type {', '.join(map(repr, kinds))}"
    if error.validator in ("enum", "const"):
        value: Any = error.validator_value
        allowed: list[Any] = list(value) if error.validator == "enum" else [value]
        # null is for the makers of a hand copied from paper only: not offered as a fix.
        allowed = [choice for choice in allowed if choice is not None]
        return (
            f"{_short(error.instance)} is not allowed here; use {' or '.join(map(repr, allowed))}"
        )
    return shortened(error.message, 200)


def _short(value: Any) -> str:
    # A list of 30,000 cards, or a string of megabytes, would cost its repr first.
    if isinstance(value, list | dict) and len(value) > 20:
        return f"a {type(value).__name__} of {len(value):,} items"
    if isinstance(value, str) and len(value) > 200:
        value = value[:200]
    return shortened(repr(value))
