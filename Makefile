# The README's two commands: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test install install-test bench clean

$(BIN)/arena: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(BIN)/arena

install: $(BIN)/arena

install-test: install
	$(BIN)/pip install --quiet -e '.[test]'

demo: install
	$(BIN)/arena games
	$(BIN)/arena play flippo builtin:greedy builtin:random --seed 1 --record demo-record.json

test: install-test
	$(BIN)/python -m pytest -q

bench: install
	$(BIN)/python bench/judge.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
