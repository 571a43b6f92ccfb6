# Every target sets itself up on a fresh machine: it creates .venv and installs the project first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866
NOTEBOOKS := $(wildcard notebooks/*.ipynb)

# The tests come in two tiers (tests/README.md), each run across every core (pytest-xdist: one
# worker a core, whole modules and notebooks kept on one worker; each worker starts one Voila
# server and one Chromium for its browser tests):
#   make test      the fast tier: engine, rules, the views' Python side, the notebooks (nbval),
#                  doctests, and one browser smoke test per dashboard; the tests marked `full`
#                  left out. At most 10 minutes on two cores.
#   make test-all  what CI runs (.ci/run): every test with the current versions (test-full),
#                  then the fast tier again with every dependency at its lowest allowed version
#                  (test-lowest). The whole of .ci/run fits in 45 minutes on two cores.
# Both print the 20 slowest tests at the end. One test alone: see tests/README.md.
SUITE := tests stainedglass widgets/stainedglass_widgets $(if $(NOTEBOOKS),--nbval-lax $(NOTEBOOKS))
PYTEST_OPTS := -n auto --dist loadfile --no-loadscope-reorder --durations=20

.PHONY: run test test-all test-full test-lowest lab bench install clean

install: $(STAMP)

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[all,test]"
	touch $(STAMP)

run: $(STAMP)  ## serve the gallery as Voila dashboards on http://127.0.0.1:$(PORT)
	$(BIN)/stainedglass serve --port=$(PORT)

test: $(STAMP)  ## the fast tier: engine, views, notebooks (nbval), one browser test a dashboard
	$(BIN)/python -m pytest $(SUITE) $(PYTEST_OPTS) -m "not full"

test-all: test-full test-lowest  ## what CI runs: every test, then the fast tier at the lowest versions

test-full: $(STAMP)  ## every test, both tiers, with the current versions
	$(BIN)/python -m pytest $(SUITE) $(PYTEST_OPTS)

# the fast tier again with every dependency at the lowest version pyproject.toml allows
test-lowest:
	$(PYTHON) .ci/lowest.py > .venv-lowest.txt
	$(PYTHON) -m venv .venv-lowest
	.venv-lowest/bin/pip install --quiet --upgrade pip
	.venv-lowest/bin/pip install --quiet -c .venv-lowest.txt -e ".[all,test]"
	.venv-lowest/bin/python -m pytest $(SUITE) $(PYTEST_OPTS) -m "not full"

lab: $(STAMP)  ## JupyterLab on the notebooks (the checkout's own, to edit them)
	$(BIN)/jupyter lab notebooks

bench: $(STAMP)  ## print the benchmarks
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .venv-lowest .venv-lowest.txt .pytest_cache
