"""Blocking sign-in work — Argon2 (about 0.2 s of a core and 64 MiB each) and the database — run off
the event loop, in a worker thread, and at most ``hash_concurrency`` at once (casefile.web.
settings, default 2): a burst of sign-ins waits its turn on the event loop without holding a
worker thread, so it can neither stall other requests nor make the process take 64 MiB per
attempt (24 at once had taken +470 MB and starved the other threads of the machine's cores)."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import anyio.to_thread
from anyio import CapacityLimiter

T = TypeVar("T")
_LIMITERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, CapacityLimiter] = weakref.WeakKeyDictionary()


def _limiter() -> CapacityLimiter:
    from casefile.http.settings import get_web_settings

    loop = asyncio.get_running_loop()
    limiter = _LIMITERS.get(loop)
    if limiter is None:
        limiter = _LIMITERS[loop] = CapacityLimiter(get_web_settings().hash_concurrency)
    return limiter


async def hashing(func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``func(*args, **kwargs)`` in a worker thread, once one of the ``hash_concurrency`` places is free."""
    return await anyio.to_thread.run_sync(partial(func, *args, **kwargs), limiter=_limiter())
