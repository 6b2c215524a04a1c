"""Shared benchmark helpers: percentiles, process memory, servers and wrk.

Used by ``bench/http_bench.py`` (``make bench``) and the older in-process benchmarks. Nothing
here is imported by the application.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
WRK = shutil.which("wrk") or "/usr/bin/wrk"

# wrk script: every request picks one of the paths in the file named by BENCH_PATHS at
# random; done() prints one JSON line with the latency percentiles and the error counts.
WRK_LUA = r"""
local paths = {}
local counter = 1
setup = function(thread)
  thread:set("id", counter)
  counter = counter + 1
end
init = function(args)
  for line in io.lines(os.getenv("BENCH_PATHS")) do paths[#paths + 1] = line end
  math.randomseed(os.time() * 1000 + (id or 0) * 7919)
end
request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests":%d,"seconds":%f,"p50":%f,"p95":%f,"p99":%f,"max":%f,' ..
    '"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    e.status, e.connect, e.read, e.write, e.timeout))
end
"""


def wait_for_search_index(base_url: str, seconds: float = 600) -> float:
    """Wait until the server's search index has applied the whole outbox (``searchLag`` 0
    in ``/api/health``, docs/search.md); answers the seconds waited."""
    import json
    import urllib.request

    started = time.monotonic()
    while time.monotonic() - started < seconds:
        try:
            with urllib.request.urlopen(f"{base_url}/api/health", timeout=5) as response:
                if json.loads(response.read()).get("searchLag", 0) == 0:
                    waited = time.monotonic() - started
                    print(f"search index caught up {waited:.1f} s after the server answered",
                          flush=True)
                    return waited
        except OSError:
            pass
        time.sleep(0.5)
    print(f"  (search index still behind after {seconds:.0f} s)", flush=True)
    return seconds


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def bench_seller(username: str) -> dict[str, str]:
    """The sign-up of a seller the bench lists and edits with (``POST /api/register``)."""
    return {"username": username, "displayName": "Bench Seller",
            "email": f"{username}@example.com", "password": "secret123"}


@functools.cache
def _photo() -> str:
    import base64
    import io

    from PIL import Image

    photo = io.BytesIO()
    Image.new("RGB", (300, 375), "darkolivegreen").save(photo, "PNG")
    return "data:image/png;base64," + base64.b64encode(photo.getvalue()).decode()


def listing_body(title: str) -> dict[str, object]:
    """A new listing as the webapp sends it (JSON with one photo) to ``POST /api/products``."""
    return {"title": title, "price": "40.00", "brand": "Levi's",
            "description": "Straight leg, barely worn, W32 L32.", "size": "m",
            "condition": "like_new", "category": "outerwear", "images": [_photo()]}


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, as ``uptime`` shows them."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants (uvicorn workers are children)."""
    found = [pid]
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if parent == pid:
            found.extend(process_tree(int(entry.name)))
    return found


def _memory_mb_of(pid: int, field: str) -> float:
    """One /proc/<pid>/status memory field (kB) of ``pid`` alone, in MB (0 when gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _memory_mb(pid: int, field: str) -> float:
    """One /proc/<pid>/status memory field summed over ``pid`` and its children, in MB."""
    return sum(_memory_mb_of(each, field) for each in process_tree(pid))


def peak_rss_mb(pid: int) -> float:
    """Peak resident memory (VmHWM) of ``pid`` and its children, in MB."""
    return _memory_mb(pid, "VmHWM")


def worker_memory_mb(pid: int, field: str = "VmHWM") -> float:
    """The largest value of one /proc memory field (``VmHWM``, the peak RSS: issue 35's "RSS
    per worker"; ``VmRSS`` now; ``RssAnon`` its own memory) among ``pid``'s worker processes
    (its children; ``pid`` itself when it has none), in MB."""
    workers = process_tree(pid)[1:] or [pid]
    return max(_memory_mb_of(each, field) for each in workers)


def private_rss_mb(pid: int) -> float:
    """Private (anonymous) resident memory of ``pid`` and its children now, in MB: RSS less
    the file pages it maps. SQLite's mmap maps the database once per pooled connection, and
    RSS counts a shared file page once per mapping, so RSS overstates what a server owns."""
    return _memory_mb(pid, "RssAnon")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get_json(url: str, timeout: float = 30) -> object:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return json.loads(response.read())


def wait_until_up(url: str, process: subprocess.Popen[bytes], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} before answering")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {seconds} s")


@contextmanager
def server(command: list[str], env: dict[str, str], health_url: str,
           log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Start a server process (own process group), wait for ``health_url``, stop it after."""
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=out, stderr=out,
                                   start_new_session=True)
        try:
            wait_until_up(health_url, process)
            yield process
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


@dataclass(frozen=True)
class WrkResult:
    name: str
    requests: int
    seconds: float
    p50: float
    p95: float
    p99: float
    errors: int  # non-2xx answers (wrk counts status >= 400) plus socket errors

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def wrk(name: str, base_url: str, paths: list[str], *, seconds: int, connections: int,
        threads: int = 2, headers: tuple[str, ...] = ()) -> WrkResult:
    """Run wrk against ``base_url`` with each request taking a random path of ``paths``
    (and each of ``headers``, ``"Name: value"``)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "random.lua"
        script.write_text(WRK_LUA)
        listing = Path(tmp) / "paths.txt"
        listing.write_text("\n".join(paths) + "\n")
        env = {**os.environ, "BENCH_PATHS": str(listing)}
        done = subprocess.run(
            [WRK, "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s",
             "--timeout", "10s", *[arg for h in headers for arg in ("-H", h)],
             "-s", str(script), base_url],
            env=env, capture_output=True, text=True, timeout=seconds + 60, check=True)
    line = next(row for row in done.stdout.splitlines() if row.startswith("BENCH "))
    data = json.loads(line[len("BENCH "):])
    errors = sum(data[key] for key in ("status", "connect", "read", "write", "timeout"))
    return WrkResult(name, data["requests"], data["seconds"], data["p50"], data["p95"],
                     data["p99"], errors)


NGINX = Path("/usr/sbin/nginx")
NGINX_CONF = ROOT / "deploy" / "nginx.conf"


def render_nginx(run_dir: Path, listen_port: int, upstream_ports: list[int]) -> Path:
    """``deploy/nginx.conf`` with its markers filled in, written into ``run_dir``."""
    run_dir.mkdir(parents=True, exist_ok=True)
    upstreams = "\n        ".join(f"server 127.0.0.1:{port};" for port in upstream_ports)
    text = (NGINX_CONF.read_text().replace("@RUN@", str(run_dir))
            .replace("@LISTEN@", f"127.0.0.1:{listen_port}")
            .replace("@UPSTREAMS@", upstreams))
    if os.geteuid() == 0:
        # (nginx started as root runs its workers as nobody, who cannot enter a private
        # temporary directory; a bench or test run here keeps them as the caller)
        text = "user root;\n" + text
    conf = run_dir / "nginx.conf"
    conf.write_text(text)
    return conf


@contextmanager
def nginx(run_dir: Path, listen_port: int, upstream_ports: list[int]
          ) -> Iterator[subprocess.Popen[bytes]]:
    """Debian's nginx with ``deploy/nginx.conf`` in front of ``upstream_ports``, in the
    foreground (stopped afterwards); the caller waits for it to answer."""
    conf = render_nginx(run_dir, listen_port, upstream_ports)
    command = [str(NGINX), "-p", str(run_dir), "-c", str(conf), "-g", "daemon off;"]
    subprocess.run([*command[:-2], "-t"], check=True, capture_output=True)
    with (run_dir / "stdout.log").open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=out, start_new_session=True)
    try:
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
