# The two commands of the README: `make lab` and `make test` (`make test-fast` for an edit loop). All work from a
# fresh clone.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8888
# Every notebook: the English ones in notebooks/, their translations in notebooks/<lang>/ (ru, it).
NOTEBOOKS := $(wildcard notebooks/*.ipynb notebooks/*/*.ipynb)

.PHONY: lab test lint pytest app play bench compiled chromium clean notebooks lite lite-serve

# A virtual environment with the kit and its extras; re-made when pyproject.toml changes.
# The install compiles the engine's group with mypyc where it can (setup.py; BIBI_PURE=1 keeps it pure), and the
# set-up ends with one line saying which build it made (`bibi --version`: compiled, or pure Python and why).
$(VENV)/.lab: pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[notebooks,lab]'
	touch $@
	@$(VENV)/bin/bibi --version

$(VENV)/.test: pyproject.toml $(VENV)/.lab
	$(PY) -m pip install -q -e '.[notebooks,lab,test,openspiel,pettingzoo]'
	touch $@
	@$(VENV)/bin/bibi --version

## lab: create .venv, install the kit (with JupyterLab's Russian and Italian language packs: Settings ▸ Language)
##      and start JupyterLab on notebooks/
lab: $(VENV)/.lab
	$(VENV)/bin/jupyter trust $(NOTEBOOKS)  # our own notebooks: show their stored widgets and HTML
	PATH="$(abspath $(VENV))/bin:$$PATH" $(VENV)/bin/jupyter lab --notebook-dir=notebooks --port=$(PORT) \
		$(if $(filter 0,$(shell id -u)),--allow-root,)  # the kit's venv first: `bibi` in Lab's terminals

## test: install what the tests need (chromium included) and run every test
test: $(VENV)/.test chromium lite lint pytest

lint: $(VENV)/.test
	$(VENV)/bin/ruff check bibi tests bench tools lite
	$(VENV)/bin/mypy  # the whole package, [tool.mypy] in pyproject.toml

# Two processes (pytest-xdist); each test file runs whole in one of them, the browser tests all in one (tests/conftest.py).
pytest: $(VENV)/.test
	$(PY) -m pytest -q -n 2 --dist loadgroup --nbval --nbval-current-env --nbval-sanitize-with tests/nbval-sanitize.cfg \
		tests bibi $(NOTEBOOKS)

## test-fast: the edit loop's tests, engine and values (under a minute): the tests marked fast and none of slow,
##            subprocess, widgets, browser, notebooks, compiled (a test not marked fast counts as slow; markers in
##            pyproject.toml, tests/conftest.py); no processes, no ipywidgets; `make test` still runs them all
FAST := not slow and not subprocess and not widgets and not browser and not notebooks and not compiled
.PHONY: test-fast
test-fast: $(VENV)/.test
	$(PY) -m pytest -q -m "$(FAST)" tests bibi

## chromium: Debian's chromium for the browser tests (installed once, with apt)
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "chromium: installing Debian's chromium with apt-get for tests/browser"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q && $$SUDO apt-get install -y -q chromium; } || { \
		echo "chromium: could not install it; tests/browser needs Debian's chromium on PATH" >&2; exit 1; }

## lite: build/lite, the kit as a static JupyterLite site (Python in the browser); re-built when its inputs change
LITE      := build/lite
LITE_VENV := build/lite-venv
LITE_PY   := $(LITE_VENV)/bin/python
LITE_SRC  := $(shell find bibi notebooks lite -type f -not -path '*/__pycache__/*' \
               -not -path '*/.ipynb_checkpoints/*' -not -name '*.so' 2>/dev/null) pyproject.toml README.md

# The build's own environment (never .venv: every JupyterLab extension of the build's Python goes into the site).
$(LITE_VENV)/.installed: lite/requirements.txt
	test -x $(LITE_PY) || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_PY) -m pip install -q -r lite/requirements.txt
	touch $@

build/lite.stamp: $(LITE_VENV)/.installed $(LITE_SRC)
	$(LITE_PY) lite/build.py --out $(LITE) --cache build/lite-cache
	touch $@

lite: build/lite.stamp

## lite-serve: serve build/lite on http://127.0.0.1:$(PORT)/ for a person to try (Ctrl-C stops it)
lite-serve: lite
	@echo "lite-serve: open http://127.0.0.1:$(PORT)/lab/index.html?path=01-learn-to-play.ipynb"
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory $(LITE) $(PORT)

## app: serve the play table and the deal explorer as a Voila app on localhost
app: $(VENV)/.lab
	$(VENV)/bin/voila notebooks/app.ipynb --Voila.ip=127.0.0.1 --port=$(PORT) --no-browser

## play: a game of Bi-bi! against three bots in the terminal (ARGS="--rules it --deals 1" to change it)
play: $(VENV)/.lab
	$(VENV)/bin/bibi play $(ARGS)

## bench: print the engine's throughput figures, the installed build (compiled where it could be) then pure Python
bench: $(VENV)/.test
	$(PY) bench/bench_engine.py
	BIBI_PURE=1 $(PY) bench/bench_engine.py --throughput

## compiled: compile the engine's group again after editing it (until then an edited source runs pure, as written);
##           tools/build_compiled.py builds a compiled copy in build/compiled for a checkout installed pure
compiled: $(VENV)/.test
	$(PY) -m pip install -q -e '.[notebooks,lab,test,openspiel,pettingzoo]'
	@$(VENV)/bin/bibi --version

## notebooks: re-run every notebook (translations too) in place, storing fresh outputs for nbval; no widget
##            state, a banner on top in the notebook's language (NOTEBOOKS="notebooks/ru/*.ipynb" for some)
notebooks: $(VENV)/.test
	for nb in $(NOTEBOOKS); do \
		$(VENV)/bin/jupyter nbconvert --execute --to notebook --inplace \
			--ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; done
	$(PY) tools/static_notebooks.py $(NOTEBOOKS)

## handout: the lesson (notebook 03) in English, Russian and Italian as a printable page without code: HTML and PDF
##          (A4, printed by chromium) in build/handout/, with a picture of each first page (tools/handout.py)
.PHONY: handout
handout: $(VENV)/.test chromium
	$(PY) tools/handout.py build/handout

## catalogs: the message catalogs (bibi/locale): extract the marked strings into bibi.pot (sorted by message, each
##           with the files it comes from but no line numbers, so that moving code or adding messages on two branches
##           rarely touches the same lines), bring each language's .po up to date with it (new strings come in
##           empty or fuzzy, to translate), compile each with Babel into build/locale as a check. The kit reads the
##           .po sources themselves (bibi/i18n.py).
BABEL := $(VENV)/bin/pybabel
.PHONY: catalogs
catalogs: $(VENV)/.test
	$(BABEL) extract -F bibi/locale/babel.cfg -k N_ -c TRANSLATORS: --sort-output --add-location=file --no-wrap \
		--project bibi-kit --version 0.1.0 --copyright-holder "the bibi-kit authors" -o bibi/locale/bibi.pot bibi
	$(BABEL) update -D bibi -i bibi/locale/bibi.pot -d bibi/locale --no-wrap --ignore-obsolete
	for lang in ru it; do mkdir -p build/locale/$$lang/LC_MESSAGES && $(BABEL) compile -D bibi --statistics -i bibi/locale/$$lang/LC_MESSAGES/bibi.po \
		-o build/locale/$$lang/LC_MESSAGES/bibi.mo || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info artifacts .pytest_cache .hypothesis
