# Every target sets itself up on a fresh machine: it creates .venv and installs the project first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866
NOTEBOOKS := $(wildcard notebooks/*.ipynb)

.PHONY: run test test-lowest lab bench install clean

install: $(STAMP)

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[all,test]"
	touch $(STAMP)

run: $(STAMP)  ## serve the gallery as Voila dashboards on http://127.0.0.1:$(PORT)
	$(BIN)/stainedglass serve --port=$(PORT)

test: $(STAMP)  ## the whole test suite: engine, views, notebooks (nbval), browser
	$(BIN)/python -m pytest tests stainedglass widgets/stainedglass_widgets $(if $(NOTEBOOKS),--nbval-lax $(NOTEBOOKS))

# the suite again with every dependency at the lowest version pyproject.toml allows (CI runs it)
test-lowest:
	$(PYTHON) .ci/lowest.py > .venv-lowest.txt
	$(PYTHON) -m venv .venv-lowest
	.venv-lowest/bin/pip install --quiet --upgrade pip
	.venv-lowest/bin/pip install --quiet -c .venv-lowest.txt -e ".[all,test]"
	.venv-lowest/bin/python -m pytest tests stainedglass widgets/stainedglass_widgets $(if $(NOTEBOOKS),--nbval-lax $(NOTEBOOKS))

lab: $(STAMP)  ## JupyterLab on the notebooks (the checkout's own, to edit them)
	$(BIN)/jupyter lab notebooks

bench: $(STAMP)  ## print the benchmarks
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .venv-lowest .venv-lowest.txt .pytest_cache
