"""Structured logs: every record one JSON object on a line (``docs/deploy.md``, "Logs").

The server's own records (Granian's ``_granian`` logger), the app's (``rethread``) and
Litestar's go through :class:`JsonFormatter` to standard error: ``time`` (UTC, ISO 8601),
``level``, ``logger``, ``message``, the ``request_id`` of the request being answered, and
whatever the call passed in ``extra`` (the access log's ``method``, ``route``, ``status``,
``ms``...). A collector reads them as they are; a person reads them with ``jq``.

The access log (one line per request, ``entrypoints/http/telemetry.py``) is the same JSON
line under the logger name ``rethread.access``, made by :class:`AccessLog` without a
``LogRecord``: the logging module's record, caller lookup, handler lock and per-record flush
cost more than a third of a cheap request (``docs/decisions/observability.md``). Its lines
are encoded in one pass and written to standard error together once per turn of the event
loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from time import time
from typing import Any

import msgspec

# The attributes every LogRecord has: anything else on a record came from ``extra``.
_STANDARD = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}
_encode = msgspec.json.Encoder(enc_hook=str).encode
#: The id of the request being answered (``entrypoints/http/telemetry.py``): every record
#: made while it runs carries it.
request_id_var: ContextVar[str | None] = ContextVar("request_id", default=None)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = request_id_var.get()
        if request_id is not None:
            entry["request_id"] = request_id
        for name, value in vars(record).items():
            if name not in _STANDARD:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return _encode(entry).decode()


PIPE_BUF = 4096  # what POSIX guarantees a pipe writes at once (Linux: 4096)


class _AccessLine(msgspec.Struct):
    """An access-log line: the keys of a :class:`JsonFormatter` line, in its order."""

    time: str
    level: str
    logger: str
    message: str
    request_id: str
    method: str
    path: str
    route: str
    status: int
    ms: float | None
    client: str | None


def _to_stderr(data: bytes) -> None:
    stream = sys.stderr
    stream.flush()  # (the logging module's lines written before these go first)
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # (a test's in-memory stderr)
        stream.write(data.decode())
        return
    os.write(fd, data)


class AccessLog:
    """The access log's writer (see the module docstring). ``write`` takes whole lines:
    standard error by default."""

    NAME = "rethread.access"

    def __init__(self, write: Callable[[bytes], Any] = _to_stderr) -> None:
        self.write = write
        self._lines: list[bytes] = []
        self._second = -1
        self._stamp = ""
        self._encode = msgspec.json.Encoder().encode

    def _time(self) -> str:
        now = time()
        second = int(now)
        if second != self._second:  # (formatted once a second)
            self._second = second
            self._stamp = datetime.fromtimestamp(second, UTC).isoformat()[:19]
        return f"{self._stamp}.{int((now - second) * 1000):03d}+00:00"

    def line(self, request_id: str, method: str, path: str, route: str, status: int,
             ms: float | None, client: str | None) -> None:
        self._lines.append(self._encode(_AccessLine(
            self._time(), "info", self.NAME, f"{method} {path} {status}", request_id, method,
            path, route, status, ms, client)))
        if len(self._lines) == 1:
            try:
                asyncio.get_running_loop().call_soon(self.flush)
            except RuntimeError:  # no loop: at once
                self.flush()

    def flush(self) -> None:
        """Write the pending lines, in writes of whole lines of at most ``PIPE_BUF`` bytes
        (one line alone when longer): a pipe takes each such write whole, so the lines of
        several workers sharing standard error never interleave."""
        if not self._lines:
            return
        lines, self._lines = self._lines, []
        chunk: list[bytes] = []
        size = 0
        for line in lines:
            if chunk and size + len(line) + 1 > PIPE_BUF:
                self.write(b"\n".join(chunk) + b"\n")
                chunk, size = [], 0
            chunk.append(line)
            size += len(line) + 1
        self.write(b"\n".join(chunk) + b"\n")


def logging_config(level: str = "INFO") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the server process and its workers."""
    handler = {"class": "logging.StreamHandler", "formatter": "json",
               "stream": "ext://sys.stderr"}
    loggers = ("_granian", "granian.access", "rethread", "litestar")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"json": handler},
        "loggers": {name: {"handlers": ["json"], "level": level, "propagate": False}
                    for name in loggers},
    }
