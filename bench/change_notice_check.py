"""Does a search see a commit made elsewhere, asked right after that commit returns?

    .venv/bin/python bench/change_notice_check.py --port 8000 \
        --database postgresql://postgres@127.0.0.1:5432/rethread [--writes 200]

Against a running ``rethread serve`` (any number of workers) on PostgreSQL: renames one
available listing with a word of its own on a connection of this script's (as another
process or host would, or an administrator in ``psql``), and as soon as the ``COMMIT``
returns searches for that word on a new HTTP connection, which may reach any worker.
Each worker skips its look at the change feed while it has heard no change notice
(migration 0073, ``adapters/sqlalchemy/lean.py``), so a search that missed the rename
would mean a notice arrived later than the search. Prints how many missed; run a load
(``bench/http_bench.py``'s search URLs under wrk) at the same time to check it under load
(``docs/performance.md``, "PostgreSQL without a round trip per search"). The listing keeps
its last made-up title: use a database you can seed again.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import urllib.request

import asyncpg


def found(port: int, word: str) -> list[int]:
    url = f"http://127.0.0.1:{port}/api/products?q={word}&limit=24"
    with urllib.request.urlopen(url, timeout=30) as answer:
        return [item["id"] for item in json.loads(answer.read())["items"]]


async def check(port: int, database: str, writes: int) -> int:
    connection = await asyncpg.connect(database)
    try:
        listing = await connection.fetchval(
            "SELECT id FROM products WHERE status = 'available' ORDER BY id LIMIT 1")
        missed = 0
        for n in range(writes):
            word = f"zqx{n}notice"
            await connection.execute(
                "UPDATE products SET title = $1::text, search_head = $1::text WHERE id = $2",
                word, listing)
            missed += listing not in await asyncio.to_thread(found, port, word)
        return missed
    finally:
        await connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database", required=True, help="a postgresql:// URL (asyncpg's)")
    parser.add_argument("--writes", type=int, default=200)
    args = parser.parse_args()
    missed = asyncio.run(check(args.port, args.database, args.writes))
    print(f"{args.writes} commits, {missed} searches right after them missed them")


if __name__ == "__main__":
    main()
