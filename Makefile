# Rethread: `make run` to use it, `make test` to check everything. Both set themselves up.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST := $(BIN)/pytest
WEBAPP_SOURCES := $(shell find webapp/src webapp/index.html webapp/vite.config.ts webapp/public -type f 2>/dev/null)
CHROMIUM := /usr/bin/chromium

.PHONY: help install run test lint test-unit test-adapters test-api test-webapp test-e2e bench clean

help:
	@echo "make run    set up, migrate, seed demo data and serve on http://$${RETHREAD_HOST:-127.0.0.1}:$${RETHREAD_PORT:-8000}"
	@echo "make test   every check: lint, unit, adapters, API (SQLite + PostgreSQL when configured), webapp, browser"

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

webapp/dist/index.html: node_modules/.installed $(WEBAPP_SOURCES) package.json
	npm run build --silent

install: $(BIN)/.installed node_modules/.installed webapp/dist/index.html

run: install
	$(BIN)/rethread db upgrade
	$(BIN)/rethread demo seed
	$(BIN)/rethread serve

$(CHROMIUM):
	@echo "Installing Debian's chromium for the browser tests..."
	if [ "$$(id -u)" = 0 ]; then apt-get install -y -qq chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null); \
	else sudo apt-get install -y -qq chromium >/dev/null; fi

test: lint test-unit test-adapters test-api test-webapp test-e2e

lint: $(BIN)/.installed node_modules/.installed
	$(BIN)/ruff check .
	npm run lint --silent

test-unit: $(BIN)/.installed
	$(PYTEST) tests/unit -q --cov=domain --cov-branch --cov-report=term-missing:skip-covered --cov-fail-under=95

test-adapters: $(BIN)/.installed
	$(PYTEST) tests/adapters -q

test-api: $(BIN)/.installed
	$(PYTEST) tests/api -q

test-webapp: node_modules/.installed
	npm test --silent

test-e2e: $(BIN)/.installed webapp/dist/index.html $(CHROMIUM)
	$(PYTEST) tests/e2e -q

bench: $(BIN)/.installed
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) node_modules webapp/dist .pytest_cache .coverage test-results
