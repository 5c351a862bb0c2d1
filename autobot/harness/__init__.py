"""The harness around games: replay of screenshots, fixtures, calibration, the Selenium Grid."""
