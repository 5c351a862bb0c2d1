"""Benchmarks: each prints figures and writes JSON (solver, browser, live, read, parallel)."""
