# One command to play, one to test. Both bootstrap a virtual environment on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve cluster test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)  ## Zealous in the terminal: you against bots
	$(BIN)/ziggurat play zealous --human 0 $(ARGS)

serve: $(STAMP)  ## the game server (lobby API + websockets); prints its URL. ARGS="--port 8080 --db URL"
	$(BIN)/ziggurat serve $(ARGS)

cluster: $(STAMP)  ## a site of 2 processes on private PostgreSQL and Redis (Debian's postgresql, redis-server)
	$(BIN)/python -m ziggurat.devcluster $(ARGS)

test: lint typecheck unit  ## everything CI runs

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
