"""Work on several cores: a function applied to many items in worker processes, the results
handed back in the items' order, so a caller cannot tell the answer from one made in turn.

Workers are forked from the caller, so they start with everything it has already loaded (the
games, their rules) and nothing is pickled but the items and the results. Where the system
cannot fork, or the caller runs other threads, the work runs in the caller's process. A
worker ignores Ctrl-C: the caller alone stops, cancels the work not started and waits only
for the pieces under way. A worker that dies (a signal, the system out of memory) is
reported as `WorkerLost`, never waited for.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # imported when workers are started: a rebuild from the cache starts none
    from concurrent.futures import Future

Item = TypeVar("Item")
Result = TypeVar("Result")

CHUNKS_PER_WORKER = 8
"""Pieces each worker gets on average: enough that one slow piece (a long page) does not leave
the other workers idle at the end, few enough that handing them out costs next to nothing."""
LARGEST_CHUNK = 64
"""Items in one piece at most, so results come back steadily on large runs."""


class WorkerLost(Exception):
    """A worker process ended without handing back its results."""


def available_cores() -> int:
    """The cores this process may run on (a `taskset` or a container's limit counts)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def can_fork() -> bool:
    """Whether workers can be forked safely: the system forks, and this process runs one
    thread (a fork copies only the calling thread; a lock another one held would stay held
    in the worker, as in `mkdocs serve`'s rebuilds, which run beside its server's threads)."""
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def ordered_map(function: Callable[[Any, Item], Result], items: Sequence[Item], jobs: int,
                context: Any = None) -> Iterator[Result]:
    """`function(context, item)` for each item, in the items' order, on up to `jobs` worker
    processes; in this process when one is enough or the system cannot fork. `function` must
    be a module's own function (it is sent by name); `context` reaches the workers as they are
    forked, unpickled."""
    jobs = min(jobs, len(items))
    if jobs <= 1 or not can_fork():
        return (function(context, item) for item in items)
    return _in_workers(function, items, jobs, context)


def _in_workers(function: Callable[[Any, Item], Result], items: Sequence[Item], jobs: int,
                context: Any) -> Iterator[Result]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    size = max(1, min(LARGEST_CHUNK, len(items) // (jobs * CHUNKS_PER_WORKER)))
    chunks = [items[start:start + size] for start in range(0, len(items), size)]
    lifeline, callers_end = os.pipe()
    pool = ProcessPoolExecutor(jobs, multiprocessing.get_context("fork"), initializer=_start,
                               initargs=(context, lifeline, callers_end))
    try:
        # Forked with Ctrl-C held back, the workers can never die of one before they ignore it;
        # here it arrives once they are all started (the first task starts them all).
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            futures: list[Future[list[Result]]] = [pool.submit(_work, function, chunk)
                                                   for chunk in chunks]
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        for future in futures:
            try:
                results = future.result()
            except BrokenProcessPool:
                raise WorkerLost("a checking process ended unexpectedly (killed by a signal or "
                                 "out of memory); run with --jobs 1 to see which file it "
                                 "was checking") from None
            yield from results
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        os.close(lifeline)
        os.close(callers_end)


_context: Any = None
"""The caller's `context`, in a worker."""


def _start(context: Any, lifeline: int, callers_end: int) -> None:
    global _context
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _context = context
    os.close(callers_end)
    threading.Thread(target=_end_with_caller, args=(lifeline,), daemon=True).start()


def _end_with_caller(lifeline: int) -> None:
    """Wait until the caller's end of the lifeline closes, when it ends however it ends
    (killed too), then end: no worker is left waiting for work that will never come."""
    os.read(lifeline, 1)
    os._exit(1)


def _work(function: Callable[[Any, Item], Result], chunk: Sequence[Item]) -> list[Result]:
    return [function(_context, item) for item in chunk]
