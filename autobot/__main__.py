"""`python -m autobot` runs the command line."""

import sys

from autobot.cli import main

sys.exit(main())
