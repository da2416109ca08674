"""The kit's own worker processes for ``simulate`` and ``compare`` (``workers=N``): whether this Python can start
them, how each worker is set up (Ctrl-C left to the parent, an end of its own once its parent is gone) and how a
pool is shut down, at once after a failure. ``bibi.simulation`` makes the pool and hands it its chunks.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from concurrent.futures import Executor
from typing import Any


def close_pool(pool: Executor, failed: bool) -> None:
    """Shut the kit's own pool down; after a failure (Ctrl-C too) end its workers at once rather than wait
    for the chunks they are playing, which may take minutes, or never end.

    After a failure the workers are ended first and no future is cancelled: the pool, finding its workers
    gone, fails every chunk still pending itself and its manager thread ends. (Python 3.11's pool fails them
    with ``set_exception``, which raises in its thread for a future already cancelled: the traceback came
    last on the screen after a Ctrl-C, and the thread died without letting the pool close.)

    A worker ended while sending a chunk's columns leaves half a message in the pool's result pipe, and the
    pool's manager thread would wait for the rest for good: this process holds the pipe's writing end too.
    Once the workers are gone that end is closed, so the wait ends (end of file, which the pool takes for a
    broken pool) and the shutdown returns."""
    if failed:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
        writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
        if writer is not None:
            writer.close()
        pool.shutdown(wait=True)
    else:
        pool.shutdown(wait=True, cancel_futures=True)


WATCH = 0.25  # seconds between a worker's looks at its parent


def worker_start() -> None:
    """Set up each worker process of the kit's own pool.

    Ctrl-C is left to the parent, which ends the workers (a terminal sends it to the workers too, and each
    would print a traceback). And a worker ends itself once its parent is gone: killed (SIGKILL, SIGTERM),
    the parent cannot end its workers, which would play on for good, holding its output pipe open. A daemon
    thread looks every ``WATCH`` seconds: on POSIX the parent is gone when the worker's parent pid changes
    (an orphan is adopted); on Windows, where it does not, when the parent's process handle is signalled.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    sentinel = parent.sentinel if parent is not None and sys.platform == "win32" else None
    threading.Thread(target=watch_parent, args=(os.getppid(), sentinel), name="bibi-watch-parent",
                     daemon=True).start()


def watch_parent(ppid: int, sentinel: Any) -> None:
    """End this process as soon as its parent ``ppid`` is gone (or ``sentinel``, its handle, is ready)."""
    while True:
        if sentinel is not None:
            if multiprocessing.connection.wait([sentinel], WATCH):
                os._exit(1)
        else:
            time.sleep(WATCH)
        if os.getppid() != ppid:
            os._exit(1)


def no_processes() -> str | None:
    """Why this Python cannot run a process pool (in a browser, or without named semaphores), or None."""
    if sys.platform in ("emscripten", "wasi"):
        return f"this Python ({sys.platform}) cannot start processes"
    try:
        import multiprocessing.synchronize  # noqa: F401  (a process pool's locks: they need sem_open)
    except ImportError as exc:
        return f"this Python cannot start them ({exc})"
    return None
