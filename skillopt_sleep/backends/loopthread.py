"""An asyncio event loop on its own daemon thread, for synchronous code that drives async
clients: the loop starts on first use, `run` waits for one coroutine, and `stop` cancels every
task still on the loop. A LoopThread nobody stopped is stopped when collected or at exit."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import weakref
from typing import Any, Coroutine, TypeVar

T = TypeVar("T")


class LoopThread:
    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._finalizer: weakref.finalize | None = None

    def loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(target=loop.run_forever, name=self.name, daemon=True)
                thread.start()
                self._loop = loop
                self._finalizer = weakref.finalize(self, _stop_loop, loop, thread)
            return self._loop

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float) -> T:
        """The coroutine's result; concurrent.futures.TimeoutError (the coroutine cancelled) after `timeout`."""
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop())
        try:
            return future.result(timeout=timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise

    def stop(self) -> None:
        with self._lock:
            loop, self._loop = self._loop, None
            finalizer = self._finalizer
        if loop is not None and finalizer is not None:
            finalizer()


def _stop_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
    async def cancel_all() -> None:
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    if loop.is_closed() or not thread.is_alive():
        return
    try:
        asyncio.run_coroutine_threadsafe(cancel_all(), loop).result(timeout=30)
    except (concurrent.futures.TimeoutError, RuntimeError):
        pass
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=10)
