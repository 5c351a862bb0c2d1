# Two commands do everything on a fresh Debian machine:
#   make play   install (system packages, .venv, autobot) and play one game on the bundled page
#   make test   install and run the whole test suite (lint included)
.PHONY: install play test lint bench fuzz

# Test processes at once (pytest-xdist): the suite is mostly waiting on browsers, and two halve
# it on a 2-core machine. TEST_WORKERS=0 runs it in this process, one test at a time.
TEST_WORKERS ?= 2

install:
	./scripts/install.sh

play: install
	.venv/bin/autobot play

test: install
	.venv/bin/ruff check autobot tests
	.venv/bin/python -m pytest -q -n $(TEST_WORKERS)

lint:
	.venv/bin/ruff check autobot tests

bench: install
	.venv/bin/autobot bench

# Many more fuzz examples than CI's seeded few (tests/test_fuzz.py; HYPOTHESIS_PROFILE=fuzz).
fuzz: install
	HYPOTHESIS_PROFILE=fuzz .venv/bin/python -m pytest -q -n $(TEST_WORKERS) tests/test_fuzz.py \
		--hypothesis-show-statistics
