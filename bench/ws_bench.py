"""The realtime benchmark (issue 16 item 6): 1,000 WebSockets, message send -> delivery.

    .venv/bin/python bench/ws_bench.py [--sockets 1000] [--rate 100] [--seconds 20]
        [--workers 1,2] [--redis URL] [--postgres URL] [--data-dir DIR]

Also ``make bench BENCH_ARGS="--only realtime"`` (``bench/http_bench.py`` hands over to
this module; a full ``make bench`` runs it last, on the database it seeded).

1. Migrates the database and creates ``--sockets`` users (half senders, half receivers, in
   pairs) and one session for each through the application's own repositories: one
   password hash for all and no sign-up or login round trips, so 1,000 users take a second
   instead of 1,000 argon2 hashes and the sign-up limits.
2. For each worker count in ``--workers`` starts ``rethread serve --workers N`` as a user
   would; with more than one worker it needs Redis (``--redis`` / ``BENCH_REDIS_URL``) and
   the workers reach each other's sockets through it. One worker uses the in-memory channels
   unless ``--redis-for-one`` is given.
3. Opens one socket per user with the session cookie and the ``auth`` handshake
   (``docs/messaging.md``), raising this process's file-descriptor limit when needed.
4. Sends ``--rate`` messages a second for ``--seconds``, round-robin over the pairs, each
   as a ``{"type": "message"}`` frame on the sender's socket, and alternating direction;
   every message carries its sequence number. Send -> delivery is the time from handing the
   frame to the socket to the receiver's socket reading ``new_message`` (one clock: the
   client runs in one process). The sender's ``message_sent`` echo is counted too.
5. Waits for stragglers (until nothing has arrived for 10 s), then prints p50/p95/p99/max
   delivery latency, messages lost (never delivered), duplicated, error events, the connect
   time, the client's own event loop lag (its share of the latency), the server's peak RSS
   and the load average.

Environment instead of flags: ``BENCH_SOCKETS``, ``BENCH_RATE``, ``BENCH_WS_SECONDS``,
``BENCH_WS_WORKERS``, ``BENCH_REDIS_URL``, ``BENCH_DATABASE_URL``, ``BENCH_DATA_DIR``.

Size: a standalone benchmark: the sockets, the load it sends and the report read best in one
file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._support import (
    BIN,
    ROOT,
    free_port,
    load_average,
    peak_rss_mb,
    percentile,
    server,
    wait_for_search_index,
)

CONNECT_CONCURRENCY = 50
DRAIN_SECONDS = 10.0  # after the last send, wait until nothing arrived for this long
PASSWORD = "bench-password"
T = TypeVar("T")


@dataclass(frozen=True)
class BenchUser:
    id: int
    token: str


@dataclass
class Tally:
    """What the client saw; ``sent`` maps a message's sequence number to its send time."""

    sent: dict[int, float] = field(default_factory=dict)
    receivers: dict[int, int] = field(default_factory=dict)  # seq -> receiving user id
    delivered: dict[int, float] = field(default_factory=dict)  # seq -> latency (s)
    echoed: set[int] = field(default_factory=set)
    duplicates: int = 0
    echo_duplicates: int = 0
    errors: list[str] = field(default_factory=list)
    foreign: int = 0  # new_message events this run did not send
    last_arrival: float = 0.0
    load: str = ""  # the load average when the phase ended

    def arrived(self, seq: int, now: float) -> None:
        if seq not in self.sent:
            self.foreign += 1
        elif seq in self.delivered:
            self.duplicates += 1
        else:
            self.delivered[seq] = now - self.sent[seq]
        self.last_arrival = now


@dataclass(frozen=True)
class RealtimeResult:
    name: str
    sockets: int
    sent: int
    rate: float
    p50: float
    p95: float
    p99: float
    max: float
    lost: int
    duplicated: int
    echo_lost: int
    errors: int
    connect_seconds: float
    client_lag_p99: float
    rss_mb: float
    load: str

    def line(self) -> str:
        return (f"  {self.name:<22} {self.sent:>6} msgs at {self.rate:5.0f}/s  "
                f"p50 {self.p50:6.1f} ms  p95 {self.p95:6.1f} ms  p99 {self.p99:6.1f} ms  "
                f"max {self.max:6.1f} ms  lost {self.lost}  duplicated {self.duplicated}  "
                f"echo lost {self.echo_lost}  errors {self.errors}  "
                f"(connect {self.connect_seconds:.1f} s, client lag p99 "
                f"{self.client_lag_p99:.1f} ms, RSS {self.rss_mb:.0f} MB, load {self.load})")


# --- users and sessions, through the application's own repositories ----------------------

async def _create_users(env: dict[str, str], count: int) -> list[BenchUser]:
    from application.account_sessions import SESSION_LIFETIME, hash_token
    from domain.accounts import User
    from entrypoints.container import build_container, shutdown
    from entrypoints.settings import load_settings

    container = build_container(load_settings(env))
    try:
        run = secrets.token_hex(3)  # a fresh name prefix per run: a database can be reused
        password_hash = await container.password_hasher().hash(PASSWORD)
        now = container.clock().now()
        names = [f"ws{run}_{n}" for n in range(count)]
        uow = container.uow()
        async with uow:
            await uow.users.add_many([
                User(username=name, display_name=f"Bench {n}", email=f"{name}@bench.test",
                     password_hash=password_hash, created_at=now)
                for n, name in enumerate(names)])
            await uow.commit()
        users = []
        async with uow:
            for name in names:
                user = await uow.users.get_by_login(name)
                assert user is not None and user.id is not None
                token = secrets.token_urlsafe(32)
                await uow.sessions.add(hash_token(token), user.id, now, now + SESSION_LIFETIME)
                users.append(BenchUser(user.id, token))
            await uow.commit()
        return users
    finally:
        await shutdown(container)


def prepare(env: dict[str, str], count: int) -> tuple[list[BenchUser], float]:
    """Migrate, then ``count`` users with a session each; answers them and the seconds."""
    started = time.perf_counter()
    subprocess.run([str(BIN / "rethread"), "db", "upgrade"], env=env, cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    users = asyncio.run(_create_users(env, count))
    return users, time.perf_counter() - started


def raise_fd_limit(wanted: int) -> None:
    """Sockets are file descriptors: one per client socket here and one per server socket
    in ``rethread serve`` (a child, so it inherits the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    if target < wanted:
        print(f"  (file-descriptor limit {target} < {wanted}: fewer sockets may connect)")


# --- the client ---------------------------------------------------------------------------

async def _loop_lag(samples: list[float], stop: asyncio.Event) -> None:
    """How late this process's event loop wakes up: latency that is the client's, not the
    server's."""
    interval = 0.01
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(interval)
        samples.append(max(0.0, time.perf_counter() - before - interval))


async def _open(ws_url: str, user: BenchUser) -> object:
    from websockets.asyncio.client import connect

    ws = await connect(ws_url, additional_headers={"Cookie": f"rethread_session={user.token}"},
                       open_timeout=60, max_queue=None)
    await ws.send(json.dumps({"type": "auth", "userId": user.id}))
    reply = json.loads(await asyncio.wait_for(ws.recv(), 60))
    if reply.get("type") != "auth_success":
        raise RuntimeError(f"auth refused for user {user.id}: {reply}")
    return ws


class Board:
    """Which phase (rate) each sequence number belongs to; events nobody sent are foreign."""

    def __init__(self) -> None:
        self.by_seq: dict[int, Tally] = {}
        self.current = Tally()

    def tally_for(self, seq: int) -> Tally:
        return self.by_seq.get(seq, self.current)


async def _listen(ws: object, board: Board) -> None:
    from websockets.exceptions import ConnectionClosed

    try:
        async for raw in ws:  # type: ignore[attr-defined]
            now = time.perf_counter()
            try:
                _count(json.loads(raw), board, now)
            except (ValueError, KeyError, TypeError, AttributeError) as error:
                board.current.errors.append(f"unreadable event {raw!r:.80}: {error!r}")
    except ConnectionClosed as closed:
        board.current.errors.append(f"socket closed: {closed}")


def _count(event: dict[str, Any], board: Board, now: float) -> None:
    kind = event.get("type")
    if kind in ("new_message", "message_sent"):
        content = event["message"]["content"]
        if not content.startswith("bench "):
            board.current.foreign += 1
            return
        seq = int(content.split()[1])
        tally = board.tally_for(seq)
        if kind == "new_message":
            tally.arrived(seq, now)
        elif seq in tally.echoed:
            tally.echo_duplicates += 1
        else:
            tally.echoed.add(seq)
    elif kind == "error":
        board.current.errors.append(str(event.get("message")))


async def run_load(base_url: str, users: list[BenchUser], rates: list[float], seconds: float
                   ) -> tuple[list[tuple[Tally, list[float]]], float]:
    """Connect every user, then for each rate send ``rate`` messages a second for
    ``seconds`` between pairs (user 2k <-> 2k+1) and wait for the last deliveries; answers
    a tally and the client's loop-lag samples per rate, and the connect time."""
    from websockets.exceptions import ConnectionClosed

    ws_url = base_url.replace("http://", "ws://") + "/ws"
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def open_one(user: BenchUser) -> object:
        async with gate:
            return await _open(ws_url, user)

    started = time.perf_counter()
    sockets = await asyncio.gather(*(open_one(user) for user in users))
    connect_seconds = time.perf_counter() - started
    board = Board()
    listeners = [asyncio.create_task(_listen(ws, board)) for ws in sockets]
    pairs = [(n, n + 1) for n in range(0, len(users) - 1, 2)]
    phases = []
    seq = 0
    for rate in rates:
        tally = board.current = Tally()
        lag: list[float] = []
        stop = asyncio.Event()
        lag_task = asyncio.create_task(_loop_lag(lag, stop))
        total = int(rate * seconds)
        begin = time.perf_counter()
        for n in range(total):
            due = begin + n / rate
            if (wait := due - time.perf_counter()) > 0:
                await asyncio.sleep(wait)
            first, second = pairs[seq % len(pairs)]
            if (seq // len(pairs)) % 2:
                first, second = second, first
            frame = json.dumps({"type": "message", "receiverId": users[second].id,
                                "content": f"bench {seq}"})
            board.by_seq[seq] = tally
            tally.receivers[seq] = users[second].id
            tally.sent[seq] = time.perf_counter()
            try:
                await sockets[first].send(frame)  # type: ignore[attr-defined]
            except ConnectionClosed as closed:  # counted as lost, and said why
                tally.errors.append(f"send failed: {closed}")
            seq += 1
        # Wait for the stragglers while they keep coming: an overloaded server delivers
        # late, which the latencies show; "lost" is what never came.
        quiet_since, seen = time.perf_counter(), -1
        while time.perf_counter() - quiet_since < DRAIN_SECONDS and (
                len(tally.delivered) < total or len(tally.echoed) < total):
            if (now_seen := len(tally.delivered) + len(tally.echoed)) != seen:
                quiet_since, seen = time.perf_counter(), now_seen
            await asyncio.sleep(0.05)
        stop.set()
        await lag_task
        tally.load = load_average()
        phases.append((tally, lag))
    await asyncio.gather(*(ws.close() for ws in sockets),  # type: ignore[attr-defined]
                         return_exceptions=True)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    return phases, connect_seconds


def scenario(name: str, env: dict[str, str], data_dir: Path, users: list[BenchUser], *,
             workers: int, rates: list[float], seconds: float) -> list[RealtimeResult]:
    """One ``rethread serve --workers N`` under the socket load, one result per rate."""
    port = free_port()
    env = {**env, "RETHREAD_PORT": str(port), "RETHREAD_HOST": "127.0.0.1"}
    base = f"http://127.0.0.1:{port}"
    raise_fd_limit(len(users) * 2 + 1024)
    command = [str(BIN / "rethread"), "serve", "--workers", str(workers)]
    log = data_dir / f"serve-ws-{workers}.log"
    with server(command, env, f"{base}/api/health", log) as process:
        print(f"  {name}: server pid {process.pid} on {base}", flush=True)
        # A big catalog's index catching up with its outbox is not measured.
        wait_for_search_index(base)
        phases, connect_seconds = _run(run_load(base, users, rates, seconds))
        rss = peak_rss_mb(process.pid)
    results = []
    for rate, (tally, lag) in zip(rates, phases, strict=True):
        latencies = [value * 1000 for value in tally.delivered.values()] or [float("nan")]
        sent = len(tally.sent)
        for error in sorted(set(tally.errors))[:5]:
            print(f"    error event: {error}")
        lost = sorted(set(tally.sent) - set(tally.delivered))
        if lost:
            print(f"    never delivered (sequence numbers): {lost[:10]}"
                  f"{' ...' if len(lost) > 10 else ''}; of those echoed to the sender: "
                  f"{len(set(lost) & tally.echoed)}; to "
                  f"{len({tally.receivers[seq] for seq in lost})} receivers")
        results.append(RealtimeResult(
            name=name, sockets=len(users), sent=sent, rate=rate,
            p50=percentile(latencies, 0.50), p95=percentile(latencies, 0.95),
            p99=percentile(latencies, 0.99), max=max(latencies),
            lost=sent - len(tally.delivered),
            duplicated=tally.duplicates + tally.echo_duplicates,
            echo_lost=sent - len(tally.echoed), errors=len(tally.errors) + tally.foreign,
            connect_seconds=connect_seconds,
            client_lag_p99=percentile(lag, 0.99) * 1000 if lag else 0.0, rss_mb=rss,
            load=tally.load))
    return results


def _run(work: Coroutine[Any, Any, T]) -> T:
    """On uvloop when it is installed (uvicorn's "standard" extra brings it): the client's
    own overhead should stay small next to the server's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(work)


def run_realtime(env: dict[str, str], data_dir: Path, *, sockets: int, rates: list[float],
                 seconds: float, worker_counts: list[int], redis_url: str | None,
                 redis_for_one: bool = False) -> list[RealtimeResult]:
    """Every realtime scenario on the database named by ``env`` (``http_bench`` calls this)."""
    env = dict(env)
    env.setdefault("RETHREAD_SECRET_KEY", "bench-secret-key-bench-secret-key-0123456789")
    env.pop("RETHREAD_REDIS_URL", None)
    print(f"Creating {sockets} users with sessions ...", flush=True)
    users, took = prepare(env, sockets)
    print(f"  created in {took:.1f} s (load {load_average()})", flush=True)
    results = []
    for workers in worker_counts:
        use_redis = workers > 1 or redis_for_one
        if use_redis and not redis_url:
            print(f"  {workers} worker(s): skipped, needs --redis / BENCH_REDIS_URL")
            continue
        run_env = {**env, "RETHREAD_REDIS_URL": redis_url} if use_redis else env
        name = f"{workers} worker{'s' if workers > 1 else ''}" + (
            " + Redis" if use_redis else " (memory)")
        for result in scenario(name, run_env, data_dir, users, workers=workers, rates=rates,
                               seconds=seconds):
            print(result.line(), flush=True)
            results.append(result)
    print_table(results)
    return results


def print_table(results: list[RealtimeResult]) -> None:
    if not results:
        return
    first = results[0]
    print(f"\nRealtime: {first.sockets} sockets")
    print("| scenario | messages/s | messages | p50 ms | p95 ms | p99 ms | max ms | lost | "
          "duplicated | errors | client lag p99 ms | peak RSS MB | load |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in results:
        print(f"| {r.name} | {r.rate:g} | {r.sent:,} | {r.p50:.1f} | {r.p95:.1f} | "
              f"{r.p99:.1f} | "
              f"{r.max:.1f} | {r.lost} | {r.duplicated} | {r.errors} | "
              f"{r.client_lag_p99:.1f} | {r.rss_mb:.0f} | {r.load} |")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    env = os.environ.get
    parser.add_argument("--sockets", type=int, default=int(env("BENCH_SOCKETS", 1000)),
                        help="sockets (= users, in sending pairs)")
    parser.add_argument("--rate", default=env("BENCH_RATE", "25,50,100"),
                        help="messages per second over all pairs; several, comma-separated, "
                             "are measured one after the other on the same sockets")
    parser.add_argument("--ws-seconds", type=float,
                        default=float(env("BENCH_WS_SECONDS", 20)),
                        help="how long messages are sent")
    parser.add_argument("--ws-workers", default=env("BENCH_WS_WORKERS", "1,2"),
                        help="worker counts to measure, comma-separated")
    parser.add_argument("--redis", default=env("BENCH_REDIS_URL"),
                        help="redis:// URL for more than one worker")
    parser.add_argument("--redis-for-one", action="store_true",
                        help="one worker on Redis channels too (default: in memory)")


def from_arguments(args: argparse.Namespace, env: dict[str, str], data_dir: Path
                   ) -> list[RealtimeResult]:
    return run_realtime(env, data_dir, sockets=args.sockets,
                        rates=[float(r) for r in args.rate.split(",") if r],
                        seconds=args.ws_seconds,
                        worker_counts=[int(n) for n in args.ws_workers.split(",") if n],
                        redis_url=args.redis, redis_for_one=args.redis_for_one)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_arguments(parser)
    parser.add_argument("--postgres", default=os.environ.get("BENCH_DATABASE_URL"),
                        help="a postgresql+asyncpg:// URL (users are added, nothing dropped)")
    parser.add_argument("--data-dir", default=os.environ.get("BENCH_DATA_DIR"))
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    data_dir = Path(args.data_dir or tempfile.mkdtemp(prefix="rethread-ws-bench-")).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    url = args.postgres or f"sqlite+aiosqlite:///{data_dir / 'rethread.db'}"
    env = {**os.environ, "RETHREAD_DATA_DIR": str(data_dir), "RETHREAD_DATABASE_URL": url}
    print(f"Realtime bench on {'PostgreSQL' if args.postgres else 'SQLite'} ({data_dir})")
    results = from_arguments(args, env, data_dir)
    if args.json:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in results], indent=2))


if __name__ == "__main__":
    main()
