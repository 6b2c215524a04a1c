"""How every ``rethread`` command refuses (README, "Command line"): a value an option or
argument cannot take is a usage error, exit status 2, said the way Click says its own
(``--limit 0``: "Invalid value for '--limit': ..."); a failure of the operation itself
(nothing of that name or id, a conflict, a database it cannot reach) is one line with
exit status 1."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import NoReturn, TypeVar, overload

import typer
from rich.markup import escape

from domain.errors import DomainError, ValidationError
from entrypoints.cli.runtime import errors, run
from entrypoints.container import Container

T = TypeVar("T")

#: The largest id a command takes: ids are the databases' 32-bit integers (PostgreSQL's
#: ``integer``), so a larger one is a usage error, not a traceback from the driver.
ID_MAX = 2**31 - 1


def bad_value(names: Iterable[str], message: str) -> NoReturn:
    """A usage error about the parameters ``names`` (``--status``, ``username``)."""
    raise typer.BadParameter(message, param_hint=list(names))


@overload
def choice(option: str, text: str, parse: Callable[[str], T | None], choices: Iterable[str],
           *, noun: str) -> T: ...


@overload
def choice(option: str, text: str | None, parse: Callable[[str], T | None],
           choices: Iterable[str], *, noun: str) -> T | None: ...


def choice(option: str, text: str | None, parse: Callable[[str], T | None],
           choices: Iterable[str], *, noun: str) -> T | None:
    """``text`` parsed (``parse`` answers None for a value it does not know); no value
    stays None. An unknown value is a usage error that names the choices."""
    if text is None:
        return None
    parsed = parse(text)
    if parsed is None:
        bad_value([option], f"Unknown {noun} {text!r}. Choose one of: {', '.join(choices)}.")
    return parsed


def attempt(what: str, use_case: Callable[[Container], Awaitable[T]],
            fields: Mapping[str, str] | None = None) -> T:
    """``run(use_case)``, its refusals told. ``fields`` maps the fields a service names in
    a :class:`ValidationError` (``displayName``) to the command's parameters
    (``--display-name``): a refusal of those fields only is a usage error about them (a
    field given no value of its own maps to the parameter it was drawn from, and only
    that parameter's own message is said). Any other refusal: "Could not {what}: why",
    exit status 1."""
    try:
        return run(use_case)
    except ValidationError as error:
        named: dict[str, str] = {}
        for field, message in error.errors.items():
            if fields and field in fields:
                named.setdefault(fields[field], message)
        if named and all(field in (fields or {}) for field in error.errors):
            bad_value(named, "; ".join(named.values()))
        refuse(what, error)
    except DomainError as error:
        refuse(what, error)


def refuse(what: str, error: DomainError) -> NoReturn:
    """Say "Could not {what}: why" and exit with status 1."""
    details = "; ".join(getattr(error, "errors", {}).values()) or error.message
    errors.print(f"[red]Could not {escape(what)}:[/] {escape(details)}", highlight=False)
    raise typer.Exit(1) from error
