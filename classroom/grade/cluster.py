"""Grading on a Dask cluster: ``classroom-grade SUBMISSIONS --out RESULTS --scheduler ADDRESS``.

A class of thousands, across chapters, outgrows one machine.  Rather than a home-made
scheduler, the grader hands the expensive part to an existing one, Dask distributed
(``pip install "minigrad-course[grading]"``): running a submission's steps in its
sandboxed worker process is one Dask task, executed on whichever machine of the
cluster is free, inside that machine's sandbox (namespaces, limits, Landlock, seccomp:
everything :mod:`.sandbox` does, one worker process per submission as on one machine).

What stays on the grader's own machine: reading the notebooks, the instructor's files,
judging (expected values never leave it), and writing the results.  What a task carries:
the submission's code cells and probe plan, the chapter's hidden cases, built and pickled
(:mod:`.cases`; handed to the sandboxed worker one at a time, as locally) and the
limits; what it returns: the observations, outputs and sandbox reports.  So the
cluster's machines need this package installed (the same version) and Linux, but
neither ``instructor/`` nor the submissions.  Without the expectations at hand, a
cluster machine stops probing an answer only at a case that is too slow, a shortcut or
state kept between calls (:func:`.cases.kind_stop`), where the local grader stops at the
first case that fails.

Start a cluster however your site does (see docs/grading-at-scale.md): ``dask scheduler``
and ``dask worker`` by hand, dask-jobqueue on SLURM/PBS/SGE, or dask-kubernetes, then
pass the scheduler's address.  Use one thread per Dask worker process per core
(``--nthreads 1``): each task spends its time waiting on its own sandboxed process.
"""

from __future__ import annotations

import threading

from . import runner
from .model import Limits, Submission

_UIDS = None
_UIDS_LOCK = threading.Lock()


def _uids() -> runner.UserIds:
    """One pool of user ids per Dask worker process (ids are only handed out as root)."""
    global _UIDS
    with _UIDS_LOCK:
        if _UIDS is None:
            _UIDS = runner.UserIds(256)
        return _UIDS


def run_remote(sub: Submission, limits: Limits, cases: dict, preload: list) -> tuple:
    """The Dask task: run ``sub``'s steps on this machine, sandboxed; returns what
    :func:`classroom.grade.runner.local_runner` returns."""
    from . import memory
    from .cases import kind_stop

    uids = _uids()
    uid = uids.take()
    warnings, sandboxes = [], []
    try:
        outcomes, notes = runner.run_steps(sub, limits, uid, cases, warnings, sandboxes,
                                           stop=kind_stop, preload=preload,
                                           cap=memory.cap(limits))
    finally:
        uids.give_back(uid)
    return outcomes, notes, sandboxes, warnings


def probe_remote(limits: Limits) -> dict:
    """The Dask task behind ``--require-isolation``: what a worker gets on a cluster machine."""
    return runner.probe_sandbox(limits)


def connect(address, timeout: float = 30.0):
    """A ``distributed.Client`` for ``address`` (or a Cluster object), trying for
    ``timeout`` seconds, with a clear error when Dask is not installed."""
    try:
        from distributed import Client
    except ImportError:
        raise RuntimeError("--scheduler needs Dask distributed: pip install "
                           "'minigrad-course[grading]' (or `pip install distributed`)") from None
    return Client(address, timeout=f"{timeout:g}s")


def dask_runner(client) -> tuple:
    """``(execute, jobs)`` for :func:`classroom.grade.runner.grade_paths`: ``execute`` runs a
    submission's steps as a task on ``client``'s cluster; ``jobs`` is the cluster's thread
    count (how many submissions to keep in flight).  Stopping the run cancels the tasks."""
    from .cases import preload, sealed

    futures, lock = set(), threading.Lock()

    def cancel() -> None:
        with lock:
            pending = list(futures)
        if pending:
            client.cancel(pending)

    runner.on_stop(cancel)

    def execute(sub: Submission, limits: Limits) -> tuple:
        future = client.submit(run_remote, sub, limits, sealed(sub.chapter),
                               preload(sub.chapter), pure=False)
        with lock:
            futures.add(future)
        try:
            return future.result()
        finally:
            with lock:
                futures.discard(future)

    jobs = max(1, sum(client.nthreads().values()))
    return execute, jobs
