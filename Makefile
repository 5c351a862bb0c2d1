# Two commands do everything on a fresh Debian machine:
#   make play   install (system packages, .venv, autobot) and play one game on the bundled page
#   make test   install and run the whole test suite (lint included)
.PHONY: install play test lint bench

install:
	./scripts/install.sh

play: install
	.venv/bin/autobot play

test: install
	.venv/bin/ruff check autobot tests
	.venv/bin/python -m pytest -q

lint:
	.venv/bin/ruff check autobot tests

bench: install
	.venv/bin/autobot bench
