"""Real ``rethread serve`` processes for the tests that need a live server (schemathesis,
realtime across processes, the browser suite): one home for starting, waiting and stopping.

``stop`` never leaves a server behind: a process that ignores SIGTERM (e.g. shutdown waiting on
a busy database) is killed once the grace period is over.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pytest

RETHREAD = Path(sys.executable).parent / "rethread"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(data_dir: Path, secret_key: str, **extra: str) -> dict[str, str]:
    """The environment of a server on its own data dir, without the caller's database/Redis.

    Idle connections stay open a minute (the server's ceiling; 10 s by default), as behind
    a proxy (docs/deploy.md): the tests' clients (Playwright's request contexts, httpx) keep
    connections between requests and, unlike a browser, do not send a request again when
    the server closed its connection just as it was sent. With 5 s a test whose steps took
    about 5 s between two API calls failed with ECONNRESET.

    Passwords are hashed with argon2id at its cheapest, as in the in-process tests (the same
    algorithm and code): at the standard cost each sign-up, sign-in and demo member took
    0.26 s of CPU on four threads, and the browser tier signs in hundreds of times beside
    the other tiers."""
    env = {**os.environ, "RETHREAD_DATA_DIR": str(data_dir), "RETHREAD_SECRET_KEY": secret_key,
           "RETHREAD_HEADER_TIMEOUT_SECONDS": "60", "RETHREAD_PASSWORD_HASHING": "cheapest"}
    env.pop("RETHREAD_DATABASE_URL", None)
    env.pop("RETHREAD_REDIS_URL", None)
    env.update(extra)
    return env


def migrate_and_seed(env: Mapping[str, str], listings: int) -> None:
    subprocess.run([RETHREAD, "db", "upgrade"], env=env, check=True, capture_output=True)
    subprocess.run([RETHREAD, "demo", "seed", "--listings", str(listings)], env=env, check=True,
                   capture_output=True)


def launch(env: Mapping[str, str], log_path: Path, workers: int = 1
           ) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``rethread serve`` on a free port; answers the process and its base URL."""
    port = free_port()
    with log_path.open("wb") as log:
        process = subprocess.Popen([RETHREAD, "serve", "--port", str(port),
                                    "--workers", str(workers)],
                                   env={**env, "RETHREAD_PORT": str(port)},
                                   stdout=log, stderr=subprocess.STDOUT)
    return process, f"http://127.0.0.1:{port}"


def wait_healthy(url: str, process: subprocess.Popen[bytes], timeout: float = 90) -> None:
    """Wait until the server answers and its search index has applied the whole outbox
    (``searchLag`` 0, docs/search.md): a test's first listing or search then sees every
    seeded listing. (With four browser workers starting at once, a test that asked for the
    first product right away found none.)"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"rethread serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=2) as response:
                if response.status == 200 and json.loads(response.read()).get("searchLag",
                                                                              0) == 0:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{url} did not become healthy")


def stop(*processes: subprocess.Popen[bytes], grace: float = 20) -> None:
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + grace
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def launched(env: Mapping[str, str], data_dir: Path, count: int = 1, workers: int = 1
             ) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """``count`` healthy ``rethread serve --workers N`` (processes and URLs) with one
    environment (one database, one Redis if set); stopped afterwards."""
    started: list[tuple[subprocess.Popen[bytes], str]] = []
    try:
        for n in range(count):
            started.append(launch(env, data_dir / f"server-{n}.log", workers))
        for process, url in started:
            wait_healthy(url, process)
        yield started
    finally:
        stop(*(process for process, _ in started))


@contextmanager
def running(env: Mapping[str, str], data_dir: Path, count: int = 1) -> Iterator[list[str]]:
    """``count`` server processes with one environment (one database, one Redis if set)."""
    with launched(env, data_dir, count) as started:
        yield [url for _, url in started]


def worker_pids(parent: int) -> list[int]:
    """The worker processes ``rethread serve --workers N`` (pid ``parent``) runs: Granian
    forks them, so they are the children running the parent's own command line."""
    command = Path(f"/proc/{parent}/cmdline").read_bytes()
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == parent \
                    and (entry / "cmdline").read_bytes() == command:
                found.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def holder_of_connection(pids: list[int], client_port: int) -> int | None:
    """Which of ``pids`` holds the server end of the TCP connection from ``client_port``
    on this machine (Linux ``/proc``): how a test tells which worker took a socket."""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[2].split(":")[1], 16) == client_port:
            inodes.add(fields[9])
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    return pid
        except OSError:
            continue
    return None


def run_shared_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every pytest-xdist worker of this run sees (its base temp's parent under
    xdist): the home of the demo seeded once for the run (``seeded_copy``)."""
    run_dir = tmp_path_factory.getbasetemp()
    return run_dir.parent if os.environ.get("PYTEST_XDIST_WORKER") else run_dir


def seeded_copy(data_dir: Path, secret_key: str, listings: int, shared: Path) -> None:
    """``data_dir`` becomes a copy of one migrated, demo-seeded SQLite data directory made
    once in ``shared`` (by whichever test process gets there first, the others wait): each
    pytest-xdist worker gets the same demo on its own files without seeding it again, which
    took as long as the rest of a worker's start-up on two cores."""
    template = shared / f"seeded-{listings}"
    with (shared / f"seeded-{listings}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (template / ".done").exists():
            shutil.rmtree(template, ignore_errors=True)
            template.mkdir(parents=True)
            migrate_and_seed(server_env(template, secret_key), listings)
            (template / ".done").touch()
    shutil.copytree(template, data_dir, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".done"))


@contextmanager
def seeded_server(data_dir: Path, secret_key: str, listings: int, shared: Path | None = None,
                  **extra_env: str) -> Iterator[str]:
    """One migrated, demo-seeded server on SQLite in ``data_dir`` (a copy of the demo seeded
    once in ``shared`` when given, see ``seeded_copy``)."""
    env = server_env(data_dir, secret_key, **extra_env)
    if shared is None:
        migrate_and_seed(env, listings)
    else:
        seeded_copy(data_dir, secret_key, listings, shared)
    with running(env, data_dir) as (url,):
        yield url
