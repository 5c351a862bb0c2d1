"""autobot: a Wordle bot that sees pixels, thinks, and types."""

__version__ = "0.1.0"
