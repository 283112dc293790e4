"""Giving memory back. Python frees objects into its own pools and glibc's heap, which keep the pages:
after thousands of tables come and go, resident memory stays at its peak unless the heap is trimmed.
The hall calls `release()` after a sweep that unloaded or removed tables."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Callable


def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    with contextlib.suppress(OSError, AttributeError):
        trim: Callable[[int], int] = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
        return trim
    return None  # not glibc (musl has no malloc_trim)


_trim = _malloc_trim()


def release() -> None:
    """Collect cycles (a stopped table's actor task and its table refer to each other), then hand free
    heap pages back to the operating system."""
    gc.collect()
    if _trim is not None:
        _trim(0)
