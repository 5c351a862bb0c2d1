"""Tree files on disk: gzip JSON, deterministic bytes (five-letter trees and game trees alike)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from autobot.errors import AutobotError


def write_tree(header: dict[str, Any], path: Path) -> None:
    """Save a tree file (gzip JSON, deterministic bytes)."""
    data = json.dumps(header, separators=(",", ":")).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(data)


def read_tree_json(path: Path) -> dict[str, Any] | None:
    """A tree file's JSON (either kind; None if not an object); a file that cannot be read or
    parsed is reported, not raised raw."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            header = json.load(fh)
    except (OSError, ValueError, EOFError) as exc:
        raise AutobotError(f"cannot read tree file {path}: {exc}") from None
    return header if isinstance(header, dict) else None
