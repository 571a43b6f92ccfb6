# Every target sets itself up on a fresh machine: it creates .venv and installs the project first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866
NOTEBOOKS := $(wildcard notebooks/*.ipynb)

.PHONY: run test lab bench install clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(STAMP)  ## serve the notebooks as Voila dashboards on http://127.0.0.1:$(PORT)
	@echo "gallery: http://127.0.0.1:$(PORT)/voila/render/index.ipynb (settings: voila.json)"
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(BIN)/voila notebooks --no-browser --port=$(PORT) \
		--Voila.ip=127.0.0.1 --template=stainedglass

test: $(STAMP)  ## the whole test suite: engine, views, notebooks (nbval), browser
	$(BIN)/python -m pytest tests stainedglass widgets/stainedglass_widgets $(if $(NOTEBOOKS),--nbval-lax $(NOTEBOOKS))

lab: $(STAMP)  ## JupyterLab on the notebooks
	$(BIN)/jupyter lab notebooks

bench: $(STAMP)  ## print the benchmarks
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache
