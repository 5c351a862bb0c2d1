"""What the commands share, below the CLI: option groups, the players the options name, the
page + browser + driver session, the text a person reads and the one prompt loop that asks them
(prompt.py) with `autobot solve`'s sessions built on it (solve_sessions.py). `autobot.cli` only
parses and wires these; nothing here imports `autobot.cli`."""
