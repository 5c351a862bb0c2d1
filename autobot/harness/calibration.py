"""Calibration profiles: the board box, tile pitch and palette measured on one user's screen.

Zero configuration is the default; a profile is used only with `--profile NAME`. Profiles live in
`calibration/NAME.toml` (read with tomllib; written by `save_profile`, the only other I/O here).
Glyph templates harvested with the profile live in `templates/NAME/`.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autobot.errors import AutobotError

PROFILE_DIR = "calibration"
TEMPLATE_DIR = "templates"
# Colour roles a profile may carry, in the order they are written.
ROLES: tuple[str, ...] = ("background", "empty_border", "typed_border", "correct", "present",
                          "absent", "letter", "letter_typed")
DEFAULT_TOLERANCES: dict[str, float] = {
    "colour": 14.0,  # Lab distance a tile may sit from its role's measured colour
    "box": 0.08,  # how far (fraction of the board width) the board may move before it "moved"
    "pitch": 0.06,  # relative tile-pitch change still accepted as the same set-up
}

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Profile:
    """What one screen set-up looks like: where the board sits, how big, in which colours."""

    name: str
    board_box: tuple[int, int, int, int]  # x, y, width, height in frame pixels
    tile_pitch: tuple[float, float]  # centre-to-centre distance across, down (px)
    tile_size: float  # tile side (px)
    palette: dict[str, RGB] = field(default_factory=dict)  # role -> RGB, roles from ROLES
    tolerances: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_TOLERANCES))
    scale: float = 1.0  # tile pitch / 67 px (the page's 62 px tile + 5 px gap at scale 1)
    theme: str = "light"
    high_contrast: bool = False
    rows: int = 6
    cols: int = 5
    frame_size: tuple[int, int] = (0, 0)  # width, height of the frame it was measured on
    templates: str | None = None  # glyph template folder (relative to the profile's root)
    source: str = ""  # what it was measured from (image path or "screen N")
    root: str = "."  # folder holding calibration/ and templates/ (set by load_profile)

    @property
    def templates_dir(self) -> Path | None:
        """The glyph template folder as a path (None when the profile has none)."""
        if not self.templates:
            return None
        path = Path(self.templates)
        return path if path.is_absolute() else Path(self.root) / path

    def hint_grid(self) -> Any:
        """The board box as a vision Grid, for `read_board(frame, hint=...)`."""
        from autobot.vision import Grid

        x, y, _, _ = self.board_box
        return Grid(x=float(x), y=float(y), pitch_x=self.tile_pitch[0],
                    pitch_y=self.tile_pitch[1], tile=self.tile_size, cols=self.cols,
                    rows=self.rows)


def profile_path(name_or_path: str, root: Path | str = ".") -> Path:
    """`calibration/NAME.toml` under `root`, or the path itself when it names a .toml file."""
    if name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path:
        return Path(name_or_path)
    return Path(root) / PROFILE_DIR / f"{name_or_path}.toml"


def _rgb(value: Any, where: str) -> RGB:
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        try:
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        except ValueError:
            pass
    if (isinstance(value, list) and len(value) == 3
            and all(isinstance(v, int) and 0 <= v <= 255 for v in value)):
        return (value[0], value[1], value[2])
    raise ValueError(f"{where} must be [R, G, B] (0..255) or '#rrggbb', not {value!r}")


def _numbers(value: Any, n: int, where: str) -> list[float]:
    if (not isinstance(value, list) or len(value) != n
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"{where} must be a list of {n} numbers, not {value!r}")
    return [float(v) for v in value]


def profile_from_dict(data: dict[str, Any], root: str = ".") -> Profile:
    """A Profile from parsed TOML; ValueError naming the first bad key."""
    board = data.get("board")
    if not isinstance(board, dict):
        raise ValueError("missing [board] table")
    box = _numbers(board.get("box"), 4, "board.box")
    if box[2] <= 0 or box[3] <= 0:
        raise ValueError(f"board.box width and height must be positive, not {box[2:]}")
    pitch = _numbers(board.get("pitch"), 2, "board.pitch")
    tile = board.get("tile")
    if not isinstance(tile, int | float) or isinstance(tile, bool) or tile <= 0:
        raise ValueError(f"board.tile must be a positive number, not {tile!r}")
    palette_raw = data.get("palette", {})
    if not isinstance(palette_raw, dict):
        raise ValueError("[palette] must be a table of role = [R, G, B]")
    unknown = sorted(set(palette_raw) - set(ROLES))
    if unknown:
        raise ValueError(f"unknown palette role {unknown[0]!r} (roles: {', '.join(ROLES)})")
    palette = {role: _rgb(v, f"palette.{role}") for role, v in palette_raw.items()}
    tol_raw = data.get("tolerances", {})
    if not isinstance(tol_raw, dict):
        raise ValueError("[tolerances] must be a table of name = number")
    tolerances = dict(DEFAULT_TOLERANCES)
    for key, v in tol_raw.items():
        if not isinstance(v, int | float) or isinstance(v, bool) or v < 0:
            raise ValueError(f"tolerances.{key} must be a non-negative number, not {v!r}")
        tolerances[key] = float(v)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError("missing name")
    theme = data.get("theme", "light")
    if theme not in ("light", "dark"):
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    scale = data.get("scale", 1.0)
    if not isinstance(scale, int | float) or isinstance(scale, bool) or scale <= 0:
        raise ValueError(f"scale must be a positive number, not {scale!r}")
    frame = _numbers(data.get("frame_size", [0, 0]), 2, "frame_size")
    templates = data.get("templates")
    if templates is not None and not isinstance(templates, str):
        raise ValueError("templates must be a folder path string")
    rows, cols = board.get("rows", 6), board.get("cols", 5)
    if not isinstance(rows, int) or not isinstance(cols, int) or rows < 1 or cols < 1:
        raise ValueError("board.rows and board.cols must be positive integers")
    return Profile(
        name=name,
        board_box=(round(box[0]), round(box[1]), round(box[2]), round(box[3])),
        tile_pitch=(pitch[0], pitch[1]),
        tile_size=float(tile),
        palette=palette,
        tolerances=tolerances,
        scale=float(scale),
        theme=theme,
        high_contrast=bool(data.get("high_contrast", False)),
        rows=rows,
        cols=cols,
        frame_size=(round(frame[0]), round(frame[1])),
        templates=templates,
        source=str(data.get("source", "")),
        root=root,
    )


def load_profile(name_or_path: str, root: Path | str = ".") -> Profile:
    """The profile `calibration/NAME.toml` (or a .toml path); AutobotError (exit 2) if missing or
    unparsable, in one line."""
    path = profile_path(name_or_path, root)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise AutobotError(
            f"no calibration profile {name_or_path!r} (looked for {path}; make one with "
            "`autobot calibrate IMAGE --name NAME`)"
        ) from None
    except OSError as exc:
        raise AutobotError(f"cannot read calibration profile {path}: {exc.strerror}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise AutobotError(f"calibration profile {path} does not parse: {exc}") from None
    try:
        # calibration/NAME.toml -> the folder that also holds templates/NAME/
        root_dir = path.parent.parent if path.parent.name == PROFILE_DIR else path.parent
        return profile_from_dict(data, root=str(root_dir))
    except ValueError as exc:
        raise AutobotError(f"calibration profile {path} is invalid: {exc}") from None


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(round(value, 3)) if math.isfinite(value) else "0.0"
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def profile_to_toml(profile: Profile) -> str:
    """The TOML text of a profile (the format `load_profile` reads)."""
    lines = [
        "# autobot calibration profile, written by `autobot calibrate`; used with --profile "
        + profile.name,
        f"name = {_toml_value(profile.name)}",
        f"theme = {_toml_value(profile.theme)}",
        f"high_contrast = {_toml_value(profile.high_contrast)}",
        f"scale = {_toml_value(float(profile.scale))}",
        f"frame_size = {_toml_value(list(profile.frame_size))}",
        f"source = {_toml_value(profile.source)}",
    ]
    if profile.templates:
        lines.append(f"templates = {_toml_value(profile.templates)}")
    lines += [
        "",
        "[board]",
        "# x, y, width, height of the tile grid in frame pixels",
        f"box = {_toml_value(list(profile.board_box))}",
        f"tile = {_toml_value(float(profile.tile_size))}",
        f"pitch = {_toml_value([float(p) for p in profile.tile_pitch])}",
        f"rows = {profile.rows}",
        f"cols = {profile.cols}",
        "",
        "[palette]",
        "# colour role -> [R, G, B] as measured on this screen (median over the tiles)",
    ]
    for role in ROLES:
        if role in profile.palette:
            lines.append(f"{role} = {_toml_value(list(profile.palette[role]))}")
    lines += ["", "[tolerances]"]
    for key, v in profile.tolerances.items():
        lines.append(f"{key} = {_toml_value(float(v))}")
    return "\n".join(lines) + "\n"


def save_profile(profile: Profile, root: Path | str = ".") -> Path:
    """Write `calibration/NAME.toml` under `root`; returns the path."""
    path = profile_path(profile.name, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(profile_to_toml(profile), encoding="utf-8")
    return path


def profile_mismatch(profile: Profile, frame_shape: tuple[int, ...],
                     board_box: tuple[float, float, float, float] | None) -> str | None:
    """Why this profile does not fit the frame/board just read (None when it fits).

    `board_box` is the box vision found (x, y, w, h) or None when it found no board.
    """
    height, width = frame_shape[:2]
    fw, fh = profile.frame_size
    if fw and fh and (fw, fh) != (width, height):
        return (f"profile {profile.name!r} was measured on a {fw}x{fh} frame, this one is "
                f"{width}x{height} (recalibrate with `autobot calibrate --name {profile.name}`)")
    if board_box is None:
        return f"profile {profile.name!r}: no board where it expects one at {profile.board_box}"
    x, y, w, h = board_box
    px, py, pw, ph = profile.board_box
    tol = profile.tolerances.get("box", DEFAULT_TOLERANCES["box"]) * pw
    if abs(x - px) > tol or abs(y - py) > tol or abs(w - pw) > tol or abs(h - ph) > tol:
        return (f"profile {profile.name!r} expects the board at {px},{py} {pw}x{ph}, found it at "
                f"{round(x)},{round(y)} {round(w)}x{round(h)} (window moved or zoom changed?)")
    return None


def read_mismatch(profile: Profile, frame_shape: tuple[int, ...], read: Any) -> str | None:
    """`profile_mismatch` for a vision `BoardRead` (its grid's box, or None when no board)."""
    box = None
    if read.found and read.grid is not None:
        x0, y0, x1, y1 = read.grid.bbox()
        box = (x0, y0, x1 - x0, y1 - y0)
    return profile_mismatch(profile, frame_shape, box)
