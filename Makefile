# Rethread: `make run` to use it, `make test` to check everything. Both set themselves up.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
# Python caches what it compiles (__pycache__, in the venv and here): the machines this runs on
# set PYTHONDONTWRITEBYTECODE, and every process then compiled the app and its libraries
# from source again. Each pytest worker, live server and CLI call paid it: `rethread --help`
# took 5.5 s of CPU against 2.6 s with the cache (docs/decisions/ci-layout.md).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
PYTEST := $(BIN)/pytest
WEBAPP_SOURCES := $(shell find webapp/src webapp/index.html webapp/vite.config.ts webapp/first-view-build.ts webapp/public -type f 2>/dev/null)
CHROMIUM := /usr/bin/chromium
NGINX := /usr/sbin/nginx

.PHONY: help install lock run test lint lint-python lint-webapp lint-eslint lint-prettier \
	lint-types test-unit test-adapters test-api test-webapp test-e2e bench clean

help:
	@echo "make run    set up, migrate, seed demo data and serve on http://$${RETHREAD_HOST:-127.0.0.1}:$${RETHREAD_PORT:-8000}"
	@echo "make test   every check: lint, unit, adapters, API (SQLite + PostgreSQL when configured), webapp, browser"

# Every Python package, direct and transitive, comes from requirements.lock with its hashes;
# the project itself is then installed without resolving anything, and `pip check` fails when
# pyproject.toml asks for something the lock does not hold (run `make lock`). --no-compile:
# pip would compile every module of every package to bytecode (45 s of CPU with it, 30 s
# without, on the 2-core machine); Python compiles and caches the ones imported instead.
PIP := $(BIN)/pip --quiet --disable-pip-version-check
$(BIN)/.installed: pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install --no-compile --require-hashes -r requirements.lock
	$(PIP) install --no-deps -e .
	$(BIN)/pip check
	touch $@

# Re-resolve requirements.lock after changing pyproject.toml; pins already in it are kept
# unless LOCK_ARGS=--upgrade (or --upgrade-package NAME).
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	test -x $(BIN)/uv || $(PIP) install uv==0.13.9
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.11 \
		--no-annotate --quiet --custom-compile-command "make lock" -o requirements.lock $(LOCK_ARGS)

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The bundle alone (`npm run build` is typecheck + bundle): `make lint` type-checks, and
# `make test` would otherwise run tsc twice over the same sources. It includes the first
# view's templates, rendered from the React components (webapp/first-view-build.ts).
webapp/dist/index.html: node_modules/.installed $(WEBAPP_SOURCES) package.json
	npm run bundle --silent

# The venv and node_modules download and unpack side by side (mostly waiting on the network
# and the disk), then the bundle is built.
install:
	$(MAKE) --no-print-directory -j2 $(BIN)/.installed node_modules/.installed
	$(MAKE) --no-print-directory webapp/dist/index.html

run: install
	$(BIN)/rethread db upgrade
	$(BIN)/rethread demo seed
	$(BIN)/rethread serve

# The API tier runs deploy/nginx.conf in front of the app (tests/api/test_api_nginx.py), and
# make bench its "nginx product" scenario.
$(NGINX):
	@echo "Installing Debian's nginx for the proxy tests..."
	if [ "$$(id -u)" = 0 ]; then apt-get install -y -qq nginx >/dev/null || (apt-get update -qq && apt-get install -y -qq nginx >/dev/null); \
	else sudo apt-get install -y -qq nginx >/dev/null; fi

$(CHROMIUM):
	@echo "Installing Debian's chromium for the browser tests..."
	if [ "$$(id -u)" = 0 ]; then apt-get install -y -qq chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null); \
	else sudo apt-get install -y -qq chromium >/dev/null; fi

# The installs, then the linters and the bundle (each single-threaded) two at a time, longest
# first (ESLint, tsc, mypy, Prettier, the bundle: 35, 27, 17, 14 and 14 s of CPU), then
# the tiers two at a time: a tier leaves the cores idle while it waits (the browser tier on
# pages and its servers, every pytest tier at its start and while its last worker finishes),
# and the other fills them (docs/decisions/ci-layout.md). Make starts no new tier after a
# failure and fails the run; --output-sync prints each tier's output whole when it ends.
test:
	$(MAKE) --no-print-directory -j2 $(BIN)/.installed node_modules/.installed
	$(MAKE) --no-print-directory -j2 --output-sync=target lint-eslint lint-types lint-python \
		lint-prettier webapp/dist/index.html
	$(MAKE) --no-print-directory -j2 --output-sync=target TIERS_TOGETHER=1 \
		test-e2e test-unit test-adapters test-api test-webapp

# Two chains side by side: browser, Vitest then unit, and adapters then API. The adapters and
# API tiers use the same PostgreSQL and Redis databases (one per xdist worker,
# tests/conftest.py): run together they would empty each other's tables. Unit uses neither,
# so it ends the shorter chain (docs/decisions/ci-layout.md). (Order only under `make test`:
# `make test-api` alone runs the API tier alone.)
# Debian's nginx and chromium, when missing, install one after the other (one dpkg lock).
ifdef TIERS_TOGETHER
test-webapp: | test-e2e
test-unit: | test-webapp
test-api: | test-adapters
$(NGINX): | $(CHROMIUM)
endif

lint:
	$(MAKE) --no-print-directory -j2 --output-sync=target lint-eslint lint-types lint-python \
		lint-prettier

# mypy: strict over domain/, application/, entrypoints/; checked over adapters/ ([tool.mypy]
# in pyproject.toml, docs/decisions/type-checking.md). Every `# type: ignore[code]` says why.
lint-python: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy
	@if grep -rnE '# type: ignore(\[[^]]*\])? *$$' domain application entrypoints adapters; then \
		echo 'each "# type: ignore[code]" above needs "  # why" after it'; exit 1; fi

# `npm run lint`, as three jobs that make can run beside the others.
lint-webapp: lint-eslint lint-prettier lint-types
lint-eslint: node_modules/.installed
	npm run lint:eslint --silent
lint-prettier: node_modules/.installed
	npm run lint:prettier --silent
lint-types: node_modules/.installed
	npm run typecheck --silent

test-unit: $(BIN)/.installed
	$(PYTEST) tests/unit -q $(XDIST) --cov=domain --cov-branch --cov-report=term-missing:skip-covered --cov-fail-under=95

# The database tiers run on two pytest-xdist workers, each with its own
# databases and live servers (tests/conftest.py); tests that share Redis run on one worker.
XDIST := -n 2 --dist loadgroup
# Test files (SQLite databases, search indexes, live servers' data) go to memory where the
# machine has it: a Tantivy commit with its fsync took ~150 ms on this disk and ~8 ms there.
# The engines are the same; only their files' home differs.
export TMPDIR := $(if $(wildcard /dev/shm/.),/dev/shm,$(or $(TMPDIR),/tmp))

test-adapters: $(BIN)/.installed
	$(PYTEST) tests/adapters -q $(XDIST)

# (The built first-view templates are served by tests/api/test_api_spa.py.)
test-api: $(BIN)/.installed $(NGINX) webapp/dist/index.html
	$(PYTEST) tests/api -q $(XDIST)

test-webapp: node_modules/.installed
	npm test --silent

# A file's tests run in order on one worker's server. The browser tier mostly waits (pages
# loading and animating, the server answering: on two workers its processes used about a
# third of the two cores); `make test` runs it beside the CPU-bound API chain, where four
# workers' extra servers and browsers (a third more CPU) would slow that chain down. Alone,
# E2E_WORKERS=4 passes too (docs/decisions/ci-layout.md).
E2E_WORKERS ?= 2
test-e2e: $(BIN)/.installed webapp/dist/index.html $(CHROMIUM)
	$(PYTEST) tests/e2e -q -n $(E2E_WORKERS) --dist loadfile

# make bench [BENCH_LISTINGS=1000000] [BENCH_SECONDS=10] [BENCH_WORKERS=1]
#            [BENCH_DATABASE_URL=postgresql+asyncpg://...] [BENCH_REDIS_URL=redis://...]
#            [BENCH_SOCKETS=1000] [BENCH_RATE=25,50,100] [BENCH_WS_WORKERS=1,2]
#            [BENCH_ARGS="--reuse --data-dir D" | BENCH_ARGS="--only realtime"]
# Seeds a fresh database, serves it with `rethread serve` and a bare Litestar app (the
# ceiling), and measures both with wrk; then 1,000 WebSockets' message send -> delivery on
# one worker and on two over Redis (BENCH_REDIS_URL; docs/performance.md).
bench: $(BIN)/.installed webapp/dist/index.html $(NGINX)
	@command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk >/dev/null)
	$(BIN)/python bench/http_bench.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) node_modules webapp/dist .pytest_cache .coverage test-results
