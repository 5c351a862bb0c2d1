"""The engines: a screen and a driver wired to a game loop (the desktop game, grid puzzles in
windows and pages)."""
