"""Start-up main-thread work of webapp pages, from Chromium traces (issue 36 item 13).

Lighthouse's mobile score weighs Total Blocking Time at 30%, and on this shared machine its
TBT swings by seconds with the load (it simulates a 4x slower CPU by multiplying the task
durations it observed, so whatever else the machine runs is multiplied too). This measures
the same work with the load taken out: it loads each page in headless Chromium (Playwright,
``/usr/bin/chromium``, a 412 px phone viewport, no throttling) with tracing on (with
Lighthouse's invalidation tracking, whose cost lands in the page's tasks), takes every
main-thread task's CPU time (the trace's thread duration, not its wall time) and prints

- ``cpuTBT``: the sum over tasks of ``max(0, 4 x cpu - 50 ms)``, Lighthouse's 4x CPU and
  its 50 ms long-task threshold;
- ``cpu``: the main thread's CPU time in all;
- the tasks above 50 ms at 4x, and with ``--detail`` what runs in each (the functions that
  took the most samples of V8's profiler; a build with ``--minify false`` shows names).

Median of ``--runs`` loads per page. Against a running server (``make run``, or the one
``bench/lighthouse_bench.py`` starts on a demo catalog):

    .venv/bin/python bench/startup_trace.py http://127.0.0.1:8000 /feed /blog / [--detail]
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
from typing import Any

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
# Lighthouse's own trace categories that change what the page's tasks cost (its
# invalidation tracking records a stack with every laid-out element removed: what made the
# first view's handoff a long task under Lighthouse, docs/decisions/page-start-up.md), and
# the profiler.
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute",
              "toplevel", "disabled-by-default-devtools.timeline.stack",
              "disabled-by-default-devtools.timeline.invalidationTracking",
              "disabled-by-default-v8.cpu_profiler"]
SLOWDOWN = 4  # Lighthouse's mobile CPU multiplier
LONG_MS = 50
PHASES = {"renderRootSync", "renderRootConcurrent", "commitRoot", "createBrowserRouter"}


def trace(url: str, settle_ms: int) -> list[dict[str, Any]]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 412, "height": 823},
                                      device_scale_factor=1.75, is_mobile=True, has_touch=True)
        page = context.new_page()
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(settle_ms)
        data = browser.stop_tracing()
        browser.close()
    events = json.loads(data)
    return events["traceEvents"] if isinstance(events, dict) else events


def page_thread(events: list[dict[str, Any]], origin: str) -> tuple[int, int]:
    """The renderer main thread that ran the page's own scripts (not the new-tab page)."""
    names = {(e["pid"], e["tid"]): e["args"]["name"]
             for e in events if e.get("name") == "thread_name"}
    counts = collections.Counter(
        (e["pid"], e["tid"]) for e in events
        if names.get((e["pid"], e["tid"])) == "CrRendererMain"
        and e.get("name") in ("FunctionCall", "EvaluateScript", "v8.evaluateModule")
        and origin in json.dumps(e.get("args", {})))
    return counts.most_common(1)[0][0]


def hot_functions(events: list[dict[str, Any]], thread: tuple[int, int], start: float,
                  end: float) -> list[tuple[str, float]]:
    """Share of the profiler's samples in [start, end) under each function (inclusive)."""
    nodes: dict[int, dict[str, Any]] = {}
    samples: list[tuple[float, int]] = []
    chunks = sorted((e for e in events if e["pid"] == thread[0]
                     and e.get("name") in ("Profile", "ProfileChunk")), key=lambda e: e["ts"])
    clock = 0.0
    for event in chunks:
        data = event["args"]["data"]
        if event["name"] == "Profile":
            clock = data["startTime"]
            continue
        profile = data.get("cpuProfile", {})
        nodes.update({node["id"]: node for node in profile.get("nodes", []) or []})
        pairs = zip(profile.get("samples", []) or [], data.get("timeDeltas", []) or [],
                    strict=False)
        for node, delta in pairs:
            clock += delta
            samples.append((clock, node))
    inside = [node for at, node in samples if start <= at < end]
    shares: collections.Counter[str] = collections.Counter()
    for node in inside:
        seen = set()
        while node in nodes:
            frame = nodes[node]["callFrame"]
            name = frame["functionName"]
            url = frame.get("url", "")
            # React's own frames only as the phase they show: render (sync or sliced),
            # commit; the rest name the app's and the libraries' functions.
            internal = url.rsplit("/", 1)[-1].startswith("react-") and name not in PHASES
            if name and not internal and name not in ("(root)", "(program)", "(idle)"):
                seen.add(f"{name} ({frame.get('url', '').rsplit('/', 1)[-1]})")
            node = nodes[node].get("parent", -1)
        shares.update(seen)
    total = max(1, len(inside))
    return [(name, count / total) for name, count in shares.most_common(8)]


def measure(url: str, settle_ms: int, detail: bool) -> dict[str, Any]:
    events = trace(url, settle_ms)
    thread = page_thread(events, url.split("/")[2])
    tasks = [e for e in events if (e["pid"], e["tid"]) == thread
             and e.get("name") == "RunTask" and e.get("ph") == "X"]
    cpu = [(e, e.get("tdur", e.get("dur", 0)) / 1000) for e in tasks]
    long = [(e, ms) for e, ms in cpu if SLOWDOWN * ms > LONG_MS]
    result = {"cpuTBT": sum(SLOWDOWN * ms - LONG_MS for _, ms in long),
              "cpu": sum(ms for _, ms in cpu),
              "long": [round(SLOWDOWN * ms) for _, ms in sorted(long, key=lambda item: -item[1])]}
    if detail:
        origin = min(e["ts"] for e, _ in cpu)
        for event, ms in long:
            hot = hot_functions(events, thread, event["ts"], event["ts"] + event["dur"])
            print(f"    task at {(event['ts'] - origin) / 1000:5.0f} ms, "
                  f"{SLOWDOWN * ms:4.0f} ms at 4x: "
                  + "; ".join(f"{name} {share:.0%}" for name, share in hot))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("pages", nargs="+", help="paths, e.g. /feed /blog /")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--settle-ms", type=int, default=6000,
                        help="how long to trace after the load event")
    parser.add_argument("--detail", action="store_true", help="what runs in each long task")
    args = parser.parse_args()
    for path in args.pages:
        results = []
        for run in range(args.runs):
            result = measure(args.base.rstrip("/") + path, args.settle_ms, args.detail)
            results.append(result)
            print(f"  {path:<16} run {run + 1}: cpuTBT {result['cpuTBT']:5.0f} ms, "
                  f"cpu {result['cpu']:4.0f} ms, tasks over 50 ms at 4x: {result['long']}",
                  flush=True)
        print(f"{path}: median cpuTBT {statistics.median(r['cpuTBT'] for r in results):.0f} ms, "
              f"median cpu {statistics.median(r['cpu'] for r in results):.0f} ms")


if __name__ == "__main__":
    main()
