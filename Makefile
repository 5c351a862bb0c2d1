# Two commands do everything on a fresh Debian machine:
#   make play   install (system packages, .venv, autobot) and play one game on the bundled page
#   make test   install and run the whole test suite (lint included)
# For the inner loop: make test-fast (pure logic only, no browser/desktop/slow tests; lint included).
.PHONY: install play test test-fast lint typecheck bench fuzz

# Test processes at once (pytest-xdist). The whole suite is mostly browser games, which leave a
# core idle while a page animates or a key is waited for: three workers keep a 2-core machine
# busy (measured on one: 20:37 with three, 25:09 with two). The pure tests are all CPU: two.
# TEST_WORKERS=0 runs the suite in this process, one test at a time.
TEST_WORKERS ?= 3
FAST_WORKERS ?= 2

install:
	./scripts/install.sh

play: install
	.venv/bin/autobot play

test: install
	.venv/bin/ruff check autobot tests
	$(MAKE) --no-print-directory typecheck
	.venv/bin/python -m pytest -q -n $(TEST_WORKERS)

# The pure-logic tests only: everything but the tests marked browser, desktop or slow (a test
# that starts Chromium or Xvfb is marked by the fixture it uses, tests/conftest.py).
FAST_MARKS = not browser and not desktop and not slow

test-fast: install
	.venv/bin/ruff check autobot tests
	$(MAKE) --no-print-directory typecheck
	.venv/bin/python -m pytest -q -n $(FAST_WORKERS) -m "$(FAST_MARKS)"

lint:
	.venv/bin/ruff check autobot tests

# The type checker on the pure core (rules, games, solver, vision: pyproject's [tool.mypy]).
typecheck:
	.venv/bin/mypy

bench: install
	.venv/bin/autobot bench

# Many more fuzz examples than CI's seeded few (tests/test_fuzz.py; HYPOTHESIS_PROFILE=fuzz).
fuzz: install
	HYPOTHESIS_PROFILE=fuzz .venv/bin/python -m pytest -q -n $(FAST_WORKERS) tests/test_fuzz.py \
		--hypothesis-show-statistics
