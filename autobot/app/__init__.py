"""What the commands share, below the CLI: option groups, the players the options name, the
page + browser + driver session and the text a person reads. `autobot.cli` only parses and wires
these; nothing here imports `autobot.cli`."""
