"""numba's compiler for the kernels, or the plain Python function where numba is missing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

try:
    from numba import njit as _njit
except ImportError:  # pragma: no cover - numba is a dependency; the loops still run, slowly
    _njit = None


def jit(fn: F) -> F:
    """`fn` compiled (cached next to its module, GIL released), or `fn` itself without numba."""
    if _njit is None:
        return fn
    return _njit(cache=True, nogil=True)(fn)  # type: ignore[no-any-return]


def jit_inline(fn: F) -> F:
    """Like `jit`, and inlined into the compiled loops that call it (a per-row call costs)."""
    if _njit is None:
        return fn
    return _njit(cache=True, nogil=True, inline="always")(fn)  # type: ignore[no-any-return]
