# Every target sets itself up on a fresh machine: it creates .venv and installs the project first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# two installs: `make run` needs only what serving needs (the serve extra); the tests, the lab
# and the benchmarks need everything (all,test), which includes it
STAMP := $(VENV)/.installed
SERVE_STAMP := $(VENV)/.installed-serve
PORT ?= 8866
NOTEBOOKS := $(wildcard notebooks/*.ipynb)
comma := ,

# The tests come in two tiers (tests/README.md), each run across every core (pytest-xdist: one
# worker a core, whole modules and notebooks kept on one worker; each worker starts one Voila
# server and one Chromium for its browser tests):
#   make lint      ruff and mypy (make test and make test-full run it first, while the
#                  games' analysis cores compile beside it);
#   make test      the fast tier: engine, rules, the views' Python side, the notebooks (nbval),
#                  doctests, and one browser smoke test per dashboard; the tests marked `full`
#                  left out. At most 10 minutes on two cores.
#   make test-all  what CI runs (.ci/run): every test with the current versions (test-full),
#                  then the fast tier again with every dependency at its lowest allowed version
#                  (test-lowest). The whole of .ci/run takes about an hour on two cores.
# Both print the 20 slowest tests at the end. One test alone: see tests/README.md.
SUITE := tests stainedglass widgets/stainedglass_widgets $(if $(NOTEBOOKS),--nbval-lax $(NOTEBOOKS))
PYTEST_OPTS := -n auto --dist loadfile --no-loadscope-reorder --durations=20

.PHONY: run test test-all test-full test-lowest lint lab bench install clean

install: $(STAMP)

# .venv with the project installed, editable, with the extras $(1); an install under the
# distribution's former name (stainedglass, now stainedglass-games) is taken out first; the
# build's warnings (setuptools' banner about editable installs) are left out of --quiet
define venv_install
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip uninstall --quiet --yes stainedglass 2>/dev/null || true
	PYTHONWARNINGS=ignore $(BIN)/pip install --quiet -e ".[$(1)]"
endef

$(STAMP): pyproject.toml setup.py
	$(call venv_install,all$(comma)test)
	touch $(STAMP) $(SERVE_STAMP)

# the serve extra alone, unless the whole install is there and up to date
FULL_IS_CURRENT := $(shell test $(STAMP) -nt pyproject.toml && test $(STAMP) -nt setup.py && echo yes)
$(SERVE_STAMP): pyproject.toml setup.py
	$(if $(FULL_IS_CURRENT),,$(call venv_install,serve))
	touch $(SERVE_STAMP)

run: $(SERVE_STAMP)  ## serve the gallery as Voila dashboards on http://127.0.0.1:$(PORT)
	$(BIN)/stainedglass serve --port=$(PORT)

# the house's habits (.pre-commit-config.yaml runs the same before a commit): ruff's lint and
# format check over the whole checkout, mypy --strict over the engine, mypy over the views
lint: $(STAMP)  ## ruff (lint, format) and mypy (the engine strict, the views checked)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict stainedglass
	$(BIN)/mypy widgets/stainedglass_widgets

# the games' analysis cores compiled once (numba's cache on disk) before the tests load them in
# every worker: `stainedglass serve` does the same as it starts (a minute or two the first time
# after an install or a change to a core, seconds after that)
WARM := $(BIN)/python -c "import stainedglass as sg; print(f'analysis cores ready in {sg.ai.warm():.0f} s')"

# lint on one core while the cores compile on the other; either failing stops the tests
define lint_and_warm
	$(WARM) & warm=$$!; $(MAKE) --no-print-directory lint; status=$$?; wait $$warm || status=1; exit $$status
endef

test: $(STAMP)  ## lint, then the fast tier: engine, views, notebooks (nbval), one browser test a dashboard
	$(lint_and_warm)
	$(BIN)/python -m pytest $(SUITE) $(PYTEST_OPTS) -m "not full"

test-all: test-full test-lowest  ## what CI runs: every test, then the fast tier at the lowest versions

test-full: $(STAMP)  ## lint, then every test, both tiers, with the current versions
	$(lint_and_warm)
	$(BIN)/python -m pytest $(SUITE) $(PYTEST_OPTS)

# the fast tier again with every dependency at the lowest version pyproject.toml allows
test-lowest:
	$(PYTHON) .ci/lowest.py > .venv-lowest.txt
	$(PYTHON) -m venv .venv-lowest
	.venv-lowest/bin/pip install --quiet --upgrade pip
	.venv-lowest/bin/pip install --quiet -c .venv-lowest.txt -e ".[all,test]"
	$(subst $(BIN)/,.venv-lowest/bin/,$(WARM))
	.venv-lowest/bin/python -m pytest $(SUITE) $(PYTEST_OPTS) -m "not full"

lab: $(STAMP)  ## JupyterLab on the notebooks (the checkout's own, to edit them)
	$(BIN)/jupyter lab notebooks

bench: $(STAMP)  ## print the benchmarks
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .venv-lowest .venv-lowest.txt .pytest_cache
