"""The access log's writer (``entrypoints/logs.py``, ``AccessLog``): the JSON line of the
other loggers, written in whole lines of at most PIPE_BUF bytes per write."""

from __future__ import annotations

import json

from entrypoints.logs import PIPE_BUF, AccessLog


def test_lines_are_json_and_written_whole_in_pipe_sized_writes() -> None:
    writes: list[bytes] = []
    log = AccessLog(write=writes.append)
    for n in range(100):
        log.line(f"id{n}", "GET", f"/api/products/{n}", "/api/products/{product_id}", 200,
                 1.25, "127.0.0.1")  # (no event loop here: each line is written at once)
    log.line("long", "GET", "/" + "a" * 5000, "<unmatched>", 404, None, None)
    lines = [json.loads(line) for chunk in writes for line in chunk.decode().splitlines()]
    assert [line["request_id"] for line in lines] == [f"id{n}" for n in range(100)] + ["long"]
    first = lines[0]
    assert list(first) == ["time", "level", "logger", "message", "request_id", "method",
                           "path", "route", "status", "ms", "client"]
    assert first["logger"] == "rethread.access" and first["message"] == "GET /api/products/0 200"
    assert first["time"].endswith("+00:00") and len(first["time"]) == 29
    assert lines[-1]["ms"] is None and lines[-1]["client"] is None


def test_one_turns_lines_go_out_together_but_never_past_pipe_buf() -> None:
    writes: list[bytes] = []
    log = AccessLog(write=writes.append)
    log._lines = [b'{"n":%d,"pad":"%s"}' % (n, b"x" * 200) for n in range(60)]
    log.flush()
    assert len(writes) > 1 and all(len(w) <= PIPE_BUF and w.endswith(b"\n") for w in writes)
    assert b"".join(writes).count(b"\n") == 60
