"""Any image file a person may hand over, as the project's frame: HxWx3 uint8 RGB.

Hardened once for `read`, `replay`, `calibrate` and frames from files: any size (a sliver is
just a frame with no board in it), any mode (16-bit keeps the picture its 8-bit twin shows;
palette, alpha, CMYK, grey), and a pixel count limited before anything is decoded, so memory
stays bounded and a huge file is one clear line, not Pillow's warning and gigabytes.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np

from autobot.errors import BadInput

# The most pixels a screenshot can have here: two 8K screens side by side are 66 Mpx. The
# decoded frame (3 bytes a pixel) then stays under ~250 MB, whatever the file claims.
MAX_PIXELS = 80_000_000


def load_image(path: str | Path, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """PNG/JPEG/GIF/... (first frame) -> HxWx3 uint8 RGB; AutobotError (exit 2) if it cannot be
    read or has more than `max_pixels` pixels."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # Pillow warns (two raw lines) past 89 Mpx; the limit below says it in one.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as img:
                width, height = img.size
                if width * height > max_pixels:
                    raise BadInput(too_big(path, width, height, max_pixels))
                img.seek(0)
                return to_rgb(img)
    except FileNotFoundError:
        raise BadInput(f"no such image: {path}") from None
    except IsADirectoryError:
        raise BadInput(f"cannot read image {path}: it is a folder") from None
    except Image.DecompressionBombError as exc:  # Pillow's own limit, if set below ours
        raise BadInput(f"cannot read image {path}: {str(exc).splitlines()[0]}") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError,
            MemoryError) as exc:
        # (Pillow raises SyntaxError / EOFError for some broken headers and cut files.)
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BadInput(f"cannot read image {path}: {first}") from None


def too_big(path: Any, width: int, height: int, max_pixels: int = MAX_PIXELS) -> str:
    """The one-line refusal of an image with too many pixels."""
    return (f"cannot read image {path}: {width}x{height} is {width * height / 1e6:.0f} Mpx, more "
            f"than the {max_pixels / 1e6:.0f} Mpx limit (no screen is that big; crop it)")


def to_rgb(img: Any) -> np.ndarray:
    """A Pillow image in any mode as HxWx3 uint8 RGB.

    16-bit and 32-bit grey are scaled to 8 bits (Pillow's own conversion clips them: a 16-bit
    screenshot would be all white); see-through pixels are laid on white, as a viewer shows them.
    """
    mode = img.mode
    if mode in ("I;16", "I;16B", "I;16L", "I;16N", "I", "F"):
        grey = np.asarray(img)
        if mode == "F":
            grey = np.clip(np.nan_to_num(grey), 0, 255)
        else:
            grey = grey.astype(np.int64)
            top = 65535 if mode != "I" or grey.max(initial=0) > 255 else 255
            grey = np.clip(grey, 0, top) * 255 // top
        grey = grey.astype(np.uint8)
        return np.ascontiguousarray(np.repeat(grey[:, :, None], 3, axis=2))
    if mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
            mode == "P" and "transparency" in img.info):
        rgba = np.asarray(img.convert("RGBA"), dtype=np.uint16)
        alpha = rgba[:, :, 3:4]
        rgb = (rgba[:, :, :3] * alpha + 255 * (255 - alpha) + 127) // 255
        return np.ascontiguousarray(rgb.astype(np.uint8))
    return np.asarray(img.convert("RGB"), dtype=np.uint8).copy()
