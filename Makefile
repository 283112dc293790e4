# One command to play, one to test. Both bootstrap a virtual environment on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve cluster test quick lint typecheck unit bench clean

# The first run takes minutes (the server, the tests' and the researchers' libraries): say so, and let
# pip show what it is fetching.
$(STAMP): pyproject.toml
	@echo "Installing Ziggurat and its libraries into $(VENV)/ (first run, or pyproject.toml changed): a few minutes..."
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)
	@echo "Installed into $(VENV)/."

play: $(STAMP)  ## Zealous in the terminal: you against bots
	$(BIN)/ziggurat play zealous --human 0 $(ARGS)

serve: $(STAMP)  ## the site: play in the browser at the URL it prints (http://127.0.0.1:8000/). ARGS="--port 8080 --db URL"
	@echo "Starting the server; open the URL below in a browser to play (Ctrl-C stops it)."
	$(BIN)/ziggurat serve $(ARGS)

cluster: $(STAMP)  ## a site of 2 processes on private PostgreSQL and Redis (Debian's postgresql, redis-server)
	$(BIN)/python -m ziggurat.devcluster $(ARGS)

# The tests run in WORKERS processes (pytest-xdist; many wait on browsers, servers and sleeps, so more
# than the cores). Each worker has its own PostgreSQL, servers and files; idle workers steal queued tests.
WORKERS ?= 3
# The tiers (tests/tiers.py): `make quick` leaves out the tests that need a browser, PostgreSQL, Redis,
# processes of their own or a long run.
TIERS := browser or cluster or postgres or subprocess or slow

test: $(STAMP)  ## everything CI runs: lint, types and every test, side by side
	$(MAKE) --no-print-directory -j3 --output-sync=target lint typecheck unit

quick: $(STAMP)  ## the development loop: every test outside the tiers, with fewer Hypothesis examples
	ZIGGURAT_TESTS=quick $(BIN)/pytest -n 2 --dist worksteal -m "not ($(TIERS))" $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

typecheck: $(STAMP)
	$(BIN)/mypy

# (the slowest tests are listed at the end: where the suite's time goes, run after run)
unit: $(STAMP)
	$(BIN)/pytest -n $(WORKERS) --dist worksteal --durations=25 --durations-min=5 $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# Mutation testing (mutmut) of the engine, the store's JSON text and writer, and the games' rules and
# setup, with the fast tests; long: name a part, e.g. make mutate MUTANTS='ziggurat.engine.*'.
# `$(BIN)/mutmut results` lists the survivors, `$(BIN)/mutmut show NAME` shows one.
MUTANTS ?=
.PHONY: mutate
mutate: $(STAMP)
	$(BIN)/mutmut run --max-children 2 $(foreach m,$(MUTANTS),'$(m)')
	$(BIN)/mutmut export-cicd-stats
