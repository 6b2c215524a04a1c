"""Structured logs: every record one JSON object on a line (``docs/deploy.md``, "Logs").

The server's own records (Granian's ``_granian`` logger), the app's (``rethread``) and
Litestar's go through :class:`JsonFormatter` to standard error: ``time`` (UTC, ISO 8601),
``level``, ``logger``, ``message``, the ``request_id`` of the request being answered, and
whatever the call passed in ``extra`` (the access log's ``method``, ``route``, ``status``,
``ms``...). A collector reads them as they are; a person reads them with ``jq``.
"""

from __future__ import annotations

import logging
from contextvars import ContextVar
from datetime import UTC, datetime
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
