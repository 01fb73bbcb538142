# Rulebook: two commands on a fresh machine (Python 3.11, pip, make, Node.js with npm):
#   make serve   set everything up, build the site and serve it on http://127.0.0.1:8000/
#   make test    set everything up and run the whole test suite
# Dependencies are pinned in constraints.txt; the virtualenv lives in .venv.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup bytecode serve check lint test clean

$(STAMP): pyproject.toml constraints.txt package.json package-lock.json tests/site/package.json tests/site/package-lock.json
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade "pip==25.3"
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[test]"
	npm ci --no-audit --no-fund --loglevel=error
	npm ci --prefix tests/site --no-audit --no-fund --loglevel=error
	touch $(STAMP)

setup: $(STAMP)

# Our modules compiled ahead, as pip does for an installed package: each process a build or the tests
# start (MkDocs workers, command-line tests) reads them instead of compiling them again, also where
# PYTHONDONTWRITEBYTECODE keeps Python from writing them itself. Only changed files are compiled.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q rulebook adjudicator

serve: bytecode
	$(BIN)/rulebook serve

check: bytecode
	$(BIN)/rulebook check

# Static checks first (seconds): ruff (lint + format, configured in pyproject.toml) and mypy --strict.
lint: bytecode
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Two workers (pytest-xdist) on the 2-core machine: the site's build and the browser tests in one, the
# rest beside them (tests/conftest.py groups them). A single test file: .venv/bin/python -m pytest FILE.
test: lint
	$(BIN)/python -m pytest -n auto --dist loadgroup

clean:
	rm -rf $(VENV) build site .pytest_cache
