"""Worst-case photo uploads against a real server: how much memory does it take?

    .venv/bin/python bench/image_memory_bench.py [--requests 8] [--photos 5] [--side 7000]

Starts ``rethread serve`` on a fresh SQLite database in a temporary directory, signs up, then
sends ``--requests`` listing creations at once, each with ``--photos`` one-bit PNGs of
``--side`` x ``--side`` pixels (about 76 KB each on the wire at 7000, 49 megapixels decoded:
the case that took the server from 105 MB to 3.7 GB). Samples the server's resident memory
every 20 ms and prints the baseline, the peak and the answers. Exits 1 when the peak passes
``--limit-mb`` (500) or any answer is a 5xx.
"""

from __future__ import annotations

import argparse
import io
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from PIL import Image

RETHREAD = Path(sys.executable).parent / "rethread"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def one_bit_png(side: int, seed: int) -> bytes:
    image = Image.new("1", (side, side), 0)
    image.putpixel((seed % side, seed % side), 1)  # distinct bytes per photo
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_healthy(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("rethread serve exited")
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.3)
    raise TimeoutError(url)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=8)
    parser.add_argument("--photos", type=int, default=5)
    parser.add_argument("--side", type=int, default=7000)
    parser.add_argument("--limit-mb", type=float, default=500)
    args = parser.parse_args()

    data_dir = Path(tempfile.mkdtemp(prefix="rethread-image-bench-"))
    port = free_port()
    env = {**os.environ, "RETHREAD_DATA_DIR": str(data_dir), "RETHREAD_PORT": str(port),
           "RETHREAD_SECRET_KEY": "bench-secret-key-bench-secret-key-bench"}
    env.pop("RETHREAD_DATABASE_URL", None)
    env.pop("RETHREAD_REDIS_URL", None)
    subprocess.run([RETHREAD, "db", "upgrade"], env=env, check=True, capture_output=True)
    server = subprocess.Popen([RETHREAD, "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, server)
        photos = [[one_bit_png(args.side, r * args.photos + p) for p in range(args.photos)]
                  for r in range(args.requests)]
        wire_kb = sum(len(p) for p in photos[0]) / 1024
        clients = []
        for index in range(args.requests):
            client = httpx.Client(base_url=url, timeout=300)
            client.get("/api/csrf")
            token = client.cookies["csrftoken"]
            signed = client.post("/api/register", headers={"x-csrftoken": token}, json={
                "username": f"bench{index}", "displayName": "Bench", "password": "secret123",
                "email": f"bench{index}@example.com"})
            assert signed.status_code == 201, signed.text
            clients.append(client)
        baseline = rss_mb(server.pid)
        peak = baseline
        done = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not done.is_set():
                peak = max(peak, rss_mb(server.pid))
                time.sleep(0.02)

        def upload(index: int) -> int:
            client = clients[index]
            files = [("images", (f"p{n}.png", data, "image/png"))
                     for n, data in enumerate(photos[index])]
            form = {"title": "Worst case photos", "description": "Five huge one-bit PNGs.",
                    "price": "10.00", "brand": "Bench", "size": "m", "condition": "good",
                    "category": "tops"}
            response = client.post("/api/products", data=form, files=files,
                                   headers={"x-csrftoken": client.cookies["csrftoken"]})
            return response.status_code

        sampler = threading.Thread(target=sample)
        sampler.start()
        started = time.monotonic()
        with ThreadPoolExecutor(args.requests) as pool:
            answers = Counter(pool.map(upload, range(args.requests)))
        elapsed = time.monotonic() - started
        done.set()
        sampler.join()
    finally:
        server.terminate()
        server.wait(timeout=20)

    print(f"{args.requests} parallel listings x {args.photos} one-bit PNGs of "
          f"{args.side}x{args.side} ({wire_kb:.0f} KB per request)")
    print(f"answers: {dict(answers)} in {elapsed:.1f} s")
    print(f"server RSS: baseline {baseline:.0f} MB, peak {peak:.0f} MB "
          f"(limit {args.limit_mb:.0f} MB)")
    failed = peak > args.limit_mb or any(status >= 500 for status in answers)
    print("FAIL" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
