"""The results folder: one grader at a time, each result saved as it is judged, nothing lost.

::

    RESULTS_DIR/
        gradebook.csv, summary.json, similarity.csv, report.html, class_report.csv,
        feedback/, gradescope/      the last complete run: links through current/ into
                                    .sets/<id>/, switched in one step (see :mod:`.report`)
        in-progress/                a run under way, or interrupted
            run.json                its options and what it grades
            results/<student>.json  each submission's result, written as soon as it is
                                    judged (to a temporary name, then renamed)
            gradebook.csv           what had finished, written when the run was stopped
        .lock                       locked by the grader writing into the folder

A new run leaves the previous complete results where they are until it has a complete
set of its own, and only then replaces them.  An interrupted run (Ctrl-C, SIGTERM, a
killed grader, a crash) keeps every result it had saved: ``--resume`` grades only what
is missing (or changed since), ``--restart`` throws the partial results away.  A second
grader pointed at the same folder is refused while the first holds the lock.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import socket
from dataclasses import asdict
from pathlib import Path

from .model import result_from_dict

MARKER = "classroom.grade results"
OURS = {"gradebook.csv", "summary.json", "similarity.csv", "report.html", "class_report.csv",
        "feedback", "gradescope", "points.csv", "canvas.csv", "rubric.csv", "current", ".sets",
        "in-progress", ".lock"}


class FolderError(ValueError):
    """The results folder cannot be used as asked; the text says why and what to do."""


def atomic_write(path: Path, text: str, sync: bool = False) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the new, never half
    (``sync``: on disk before the rename, for what a crash must not lose)."""
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
        if sync:
            handle.flush()
            os.fsync(handle.fileno())
    os.replace(temporary, path)


def _read_json(path: Path):
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


class ResultsFolder:
    """RESULTS_DIR, locked for as long as this object is open."""

    def __init__(self, out):
        self.out = Path(out)
        self.partial = self.out / "in-progress"
        self.lock_file = None

    # -- opening ---------------------------------------------------------------------------
    def open(self) -> "ResultsFolder":
        """Check the folder holds only grading results (or nothing), create it, and lock it."""
        out = self.out
        if out.exists() and not out.is_dir():
            raise FolderError(f"{out} exists and is not a folder")
        if out.exists():
            names = {p.name for p in out.iterdir()}
            ours = (isinstance(_read_json(out / "summary.json"), dict)
                    and _read_json(out / "summary.json").get("written_by") == MARKER) or \
                (isinstance(_read_json(self.partial / "run.json"), dict)
                 and _read_json(self.partial / "run.json").get("written_by") == MARKER)
            if names - {".lock"} and not ours:
                raise FolderError(f"{out} is not empty and does not hold earlier grading "
                                  f"results: choose a new or empty folder")
        out.mkdir(parents=True, exist_ok=True)
        self.lock_file = open(out / ".lock", "a+")
        try:
            fcntl.flock(self.lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.lock_file.seek(0)
            holder = self.lock_file.read().strip() or "another process"
            self.lock_file.close()
            self.lock_file = None
            raise FolderError(f"another grader ({holder}) is writing into {out}; wait for it "
                              f"to finish, or choose another folder") from None
        self.lock_file.seek(0)
        self.lock_file.truncate()
        self.lock_file.write(f"pid {os.getpid()} on {socket.gethostname()}\n")
        self.lock_file.flush()
        return self

    def close(self) -> None:
        if self.lock_file is not None:
            fcntl.flock(self.lock_file, fcntl.LOCK_UN)
            self.lock_file.close()
            self.lock_file = None

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc):
        self.close()

    # -- a run in progress -----------------------------------------------------------------
    def interrupted(self) -> dict | None:
        """The options of an unfinished run in this folder, with "finished": how many of its
        submissions have a saved result; or None."""
        config = _read_json(self.partial / "run.json")
        if not isinstance(config, dict) or config.get("written_by") != MARKER:
            return None
        config["finished"] = len(list((self.partial / "results").glob("*.json")))
        return config

    def begin(self, config: dict, resume: bool) -> dict:
        """Start a run with ``config`` (or, with ``resume``, carry on the unfinished one);
        returns the results already saved, by student id."""
        if not resume:
            shutil.rmtree(self.partial, ignore_errors=True)
        (self.partial / "results").mkdir(parents=True, exist_ok=True)
        if not resume or not (self.partial / "run.json").exists():
            atomic_write(self.partial / "run.json",
                         json.dumps({"written_by": MARKER, **config}, indent=1), sync=True)
        done = {}
        for path in sorted((self.partial / "results").glob("*.json")):
            data = _read_json(path)
            if isinstance(data, dict):
                try:
                    result = result_from_dict(data)
                except (TypeError, ValueError):
                    continue
                done[result.student] = result
        return done

    def save(self, result) -> None:
        """Keep one judged submission's result (atomically)."""
        atomic_write(self.partial / "results" / f"{result.student}.json",
                     json.dumps(asdict(result), ensure_ascii=False), sync=True)

    def stopped(self, results: list, write_gradebook) -> Path:
        """A run was interrupted: write a gradebook of what finished beside the saved
        results (the last complete results stay as they were); returns its path."""
        path = self.partial / "gradebook.csv"
        write_gradebook(results, path)
        return path

    def finished(self) -> None:
        """The complete set has been written: the partial results are no longer needed."""
        shutil.rmtree(self.partial, ignore_errors=True)

    # -- the last complete run -------------------------------------------------------------
    def previous(self) -> tuple:
        """(summary, results) of the last complete run, or raises FolderError."""
        summary = _read_json(self.out / "summary.json")
        if not isinstance(summary, dict) or summary.get("written_by") != MARKER:
            raise FolderError(f"{self.out} holds no complete grading results to update: grade "
                              f"everyone first")
        return summary, [result_from_dict(r) for r in summary.get("results", [])]
