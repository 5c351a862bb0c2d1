"""Drivers: how the bot sees (screens) and acts (keys, clicks) in a browser or on a desktop."""
