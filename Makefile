# Two commands for a fresh machine with python3 and make: `make run`, `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test fuzz bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/puzzle-assistant

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q

fuzz: $(VENV)/.installed-test
	FUZZ_EXAMPLES=10000 $(BIN)/python -m pytest -q --hypothesis-profile=explore tests/unit/test_fuzz.py

bench: $(VENV)/.installed
	$(BIN)/puzzle-assistant bench

screenshots: $(VENV)/.installed-test
	$(BIN)/puzzle-assistant screenshots screenshots

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
