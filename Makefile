# The two set-up commands of the README: `make app` and `make test`.
# Each builds .venv from pyproject.toml on first use (and again when it changes).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8866
# pytest-xdist processes for `make test` (the browser tests stay together on one of them)
TEST_WORKERS ?= 2

.PHONY: app test lint format bench chromium venv clean

venv: $(STAMP)

# uv (from PyPI, into the venv) installs the same packages as pip, in about 20 s instead of 62
# (measured from an empty cache); --compile-bytecode as pip does, so that the first test run's
# many processes (kernels, servers) do not each compile the libraries they import.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet uv
	$(VENV)/bin/uv pip install --quiet --python $(PY) --compile-bytecode -e '.[test,dev]'
	touch $(STAMP)

# Debian's chromium for the browser tests, never a browser download of playwright's own; and a
# Korean font, without which the explorer's Korean pages are drawn as boxes.
chromium:
	@test -x /usr/bin/chromium -a -d /usr/share/fonts/truetype/nanum || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-nanum >/dev/null; }

app: $(STAMP)
	$(PY) -m munchkin_nb.app --host $(HOST) --port $(PORT)

# Ruff (lint and format check), mypy and the import contracts (lint-imports), configured in
# pyproject.toml; the first step of `make test`.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# The venv and chromium side by side (both mostly wait on downloads and the disk), then the lint.
test:
	$(MAKE) --no-print-directory -j2 venv chromium
	$(MAKE) --no-print-directory lint
	$(PY) -m pytest -n $(TEST_WORKERS)

bench: $(STAMP) chromium
	$(PY) -m benchmarks $(BENCH_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info
