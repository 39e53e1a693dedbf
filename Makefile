# One-command set-up: `make run` starts the app, `make test` runs every check.
# `make install` is idempotent: it re-installs only when pyproject.toml changes, and makes
# the compiled catalogues and the pages' words again when a catalogue or a page changes.
# It takes the newest releases pyproject.toml allows; `make install-locked` (what .ci/run
# uses) takes the exact, hash-checked releases of installer/lock/test.txt instead.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK := installer/lock
# The bundle and the wheel are built in their own environment holding only the app's
# run-time libraries and the build tools, each exactly as installer/lock/bundle.txt pins
# it: nothing from the developer's or the tests' environment can end up in the bundle.
BUNDLE_VENV := .venv-bundle
BUNDLE_BIN := $(BUNDLE_VENV)/bin
BUNDLE_STAMP := $(BUNDLE_VENV)/.installed
PYINSTALLER := $(BUNDLE_BIN)/pyinstaller --noconfirm --log-level WARN installer/clabber-league.spec

.PHONY: install install-locked lock run test lint typecheck pytest fuzz bench screenshots clean catalogues \
	bundle-tools bundle bundle-onefile installer-files wheel bundle-test

# What the build makes from the catalogues and the pages (clabber_league/i18n/prebuilt.py):
# the editable install's build hook makes it, and so does this step after a .po or a page
# is edited, so a stale .mo never outlives its .po (tests/i18n fails on one).
PREBUILT_STAMP := $(VENV)/.prebuilt
PREBUILT_FROM := $(wildcard resources/locale/*/LC_MESSAGES/*.po clabber_league/night/static/*) \
	clabber_league/i18n/prebuilt.py clabber_league/i18n/html.py

install: $(STAMP) $(PREBUILT_STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(PREBUILT_STAMP): $(STAMP) $(PREBUILT_FROM)
	$(BIN)/python -m clabber_league.i18n.prebuilt
	touch $(PREBUILT_STAMP)

# The tests' environment exactly as locked (hashes checked, nothing resolved), then the
# package itself built with the locked backend; the stamp tells `make install` it is done.
install-locked:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)/test.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

# The lock files again from pyproject.toml (installer/README.md "Reproducible builds"):
# pinned releases are kept unless UPGRADE=--upgrade; for Linux, Windows and macOS alike.
UV_VERSION := 0.13.9
lock: install
	$(BIN)/python -m pip install --quiet 'uv==$(UV_VERSION)'
	$(BIN)/uv pip compile pyproject.toml $(LOCK)/build-backend.in --universal \
		--python-version 3.11 --generate-hashes --no-header --quiet $(UPGRADE) \
		--extra bundle -o $(LOCK)/bundle.txt
	$(BIN)/uv pip compile pyproject.toml $(LOCK)/build-backend.in --universal \
		--python-version 3.11 --generate-hashes --no-header --quiet $(UPGRADE) \
		--extra test --extra bundle --extra postgres -o $(LOCK)/test.txt

run: install
	$(BIN)/clabber-league

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

pytest: install
	$(BIN)/pytest

test: lint typecheck pytest

# The long fuzz run (tests/fuzz/: 10,000+ hostile inputs; tests/night/adversarial/: ten
# times the clients, floods and racing retries of make test's short form), under a 3 GB
# address-space limit so that an input that makes the program eat memory fails instead of
# swapping.
fuzz: install
	ulimit -v 3000000 && CLABBER_LEAGUE_FUZZ=long $(BIN)/pytest -q tests/fuzz tests/night/adversarial

# The translation catalogues (README "Languages"): every marked message extracted into
# resources/locale/clabber_league.pot, then merged into each language's .po for the
# translators. The build compiles each .po into the .mo the app reads (make install, the
# wheel's hook: clabber_league/i18n/prebuilt.py); tests/i18n checks each .po, and that
# every .mo and the pages' words are what the .po files make now.
LOCALE := resources/locale
BABEL_KEYWORDS := -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k lazy -k lazy_p:1c,2 -k problem
catalogues: install
	$(BIN)/pybabel extract --no-location --sort-output --omit-header -F babel.cfg \
		$(BABEL_KEYWORDS) -o $(LOCALE)/clabber_league.pot .
	$(BIN)/pybabel update --no-wrap --ignore-obsolete --ignore-pot-creation-date \
		-i $(LOCALE)/clabber_league.pot \
		-d $(LOCALE) -D clabber_league
	$(BIN)/python -m clabber_league.i18n.prebuilt

bench: install
	$(BIN)/python -m benchmarks

# The window driven at the keyboard on a throw-away X server (Xvfb, openbox, xdotool,
# ImageMagick): a whole game, undo, the table view, 1024×700, a paper copy; the screenshots
# go to docs/. Not part of `make test`: it needs those programs and takes about a minute.
# Then the league night's phone page and board, in Debian's headless Chromium.
SCREENSHOT_DISPLAY ?= :99
screenshots: install
	$(BIN)/python tests/ui/xvfb/drive.py --display $(SCREENSHOT_DISPLAY) --out docs
	$(BIN)/python -m tests.night.screenshots --out docs

# Installers (installer/README.md), built in $(BUNDLE_VENV) (see BUNDLE_VENV above).
bundle-tools: $(BUNDLE_STAMP)

$(BUNDLE_STAMP): $(LOCK)/bundle.txt
	test -x $(BUNDLE_BIN)/python || $(PYTHON) -m venv $(BUNDLE_VENV)
	$(BUNDLE_BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)/bundle.txt
	touch $(BUNDLE_STAMP)

# The one-folder bundle in dist/clabber-league/, and on Linux its tarball with install.sh.
bundle: bundle-tools
	$(PYINSTALLER) --distpath dist --workpath build/pyinstaller
	$(BIN)/python -m installer.tarball

# The same as one executable: dist/onefile/clabber-league (slower to start: it unpacks).
bundle-onefile: bundle-tools
	$(PYINSTALLER) --distpath dist/onefile --workpath build/pyinstaller-onefile -- --onefile

# The .desktop, AppStream, Inno Setup and Info.plist files, filled in, in build/installer/.
installer-files: install
	$(BIN)/python -m installer.render --out build/installer

# The sdist and, built from it, the wheel: dist/clabber_league-VERSION*.
wheel: bundle-tools
	$(BUNDLE_BIN)/python -m build --no-isolation --outdir dist .

# Builds the bundle, its tarball and the wheel, then runs them: tests/installer, -m bundle.
bundle-test: install bundle installer-files wheel
	$(BIN)/pytest -m bundle tests/installer

clean:
	rm -rf $(VENV) $(BUNDLE_VENV) build dist .mypy_cache .pytest_cache .ruff_cache .hypothesis
