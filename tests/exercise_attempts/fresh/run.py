"""Check the fresh attempts in ``chNN/`` as a learner's notebook and the grader would, and tally.

    .venv/bin/python tests/exercise_attempts/fresh/run.py            # every chapter
    .venv/bin/python tests/exercise_attempts/fresh/run.py 07 11      # some chapters
    .venv/bin/python tests/exercise_attempts/fresh/run.py --json out.json   # also every verdict

The attempts were written from the exercise notebooks' text and hints alone, without reading
the checks. Each file is one answer cell, in the format of ``tests/test_exercise_attempts.py``:

    # EXERCISE <id>
    # expect: correct | incorrect: <why it is wrong, in the writer's words>
    # after: other.py ...      (optional: earlier answer cells of the notebook it relies on)

It is run as that harness runs an attempt: the chapter's setup cell, the cells named on
``# after:``, then the attempt; its answer is then checked with the public cases only (what
``check("<id>")`` in the notebook does) and with the hidden cases too (what the grader does).

Each chapter runs in a child process of its own, so that an attempt which hangs, seeds
NumPy's global generator or leaves other state behind cannot touch another chapter, and a
chapter that takes more than ``--timeout`` seconds is reported as hung. Inside a chapter every
check gets an alarm of ``--per-check`` seconds.

The tally counts, per chapter: correct answers accepted / rejected, wrong answers rejected /
accepted (by the notebook, by the grader), checks that crashed or hung. The exit status is 1
when a wrong answer was accepted, a correct one rejected, or anything crashed or hung.
This script is not collected by pytest (the file name does not start with ``test_``).
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
HEADER = re.compile(r"# EXERCISE (\S+)\n# expect: (correct|incorrect: .+)\n")


class Hung(Exception):
    pass


def _alarm(signum, frame):
    raise Hung()


def read(path: Path) -> tuple:
    source = path.read_text(encoding="utf-8")
    found = HEADER.match(source)
    if not found:
        raise ValueError(f"{path}: must start with '# EXERCISE <id>' and '# expect: ...'")
    return found.group(1), found.group(2), source


def answer_of(path: Path):
    """As tests/test_exercise_attempts.py does: setup cell, ``# after:`` cells, the attempt."""
    from classroom.exercises.registry import chapter, get

    exercise_id, _, source = read(path)
    exercise = get(exercise_id)
    namespace = {"__name__": "__main__"}
    exec(compile(chapter(exercise.chapter).SETUP, "<setup>", "exec"), namespace)
    found = re.search(r"^# after: (.+)$", source, re.M)
    for earlier in (found.group(1).split() if found else ()):
        cell = path.parent / earlier
        exec(compile(cell.read_text(encoding="utf-8"), str(cell), "exec"), namespace)
    exec(compile(source, str(path), "exec"), namespace)
    return exercise, namespace[exercise.entry]


def run_chapter(number: str, per_check: float) -> list:
    """Every attempt of one chapter: a list of result dicts (this runs in the child)."""
    import numpy as np

    from classroom.exercises import instructor

    signal.signal(signal.SIGALRM, _alarm)
    results = []
    for path in sorted((HERE / f"ch{number}").glob("*.py")):
        exercise_id, expect, _ = read(path)
        row = {"file": f"ch{number}/{path.name}", "id": exercise_id,
               "expect": "correct" if expect == "correct" else "incorrect",
               "why": expect.partition(": ")[2]}
        limit, state = sys.getrecursionlimit(), np.random.get_state()
        try:
            exercise, answer = answer_of(path)
            for where, with_hidden in (("notebook", False), ("grader", True)):
                hidden = instructor.hidden_part(exercise) if with_hidden else None
                started = time.perf_counter()
                signal.setitimer(signal.ITIMER_REAL, per_check)
                try:
                    verdict = exercise.check(answer, hidden)
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                row[where] = {"status": verdict.status, "message": verdict.message,
                              "case": verdict.case,
                              "seconds": round(time.perf_counter() - started, 2)}
        except Hung:
            row["problem"] = f"hung: no verdict after {per_check} s"
        except BaseException as err:      # noqa: BLE001 - a crash of the check is a finding
            row["problem"] = "crashed: " + "".join(
                traceback.format_exception_only(type(err), err)).strip()
        finally:
            sys.setrecursionlimit(limit)
            np.random.set_state(state)
        results.append(row)
    return results


def judge(row: dict) -> str:
    """One word for the row: ok, wrong-accepted, correct-rejected, crashed/hung, or other."""
    if "problem" in row:
        return "crashed" if row["problem"].startswith("crashed") else "hung"
    statuses = (row["notebook"]["status"], row["grader"]["status"])
    if row["expect"] == "correct":
        return "ok" if statuses == ("correct", "correct") else "correct-rejected"
    if "correct" in statuses:
        return "wrong-accepted"
    if statuses != ("incorrect", "incorrect"):
        return "other"          # e.g. "not attempted" for a wrong answer
    return "ok"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("chapters", nargs="*", help="two-digit chapter numbers (default: all)")
    parser.add_argument("--json", type=Path, help="write every verdict to this file")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per chapter")
    parser.add_argument("--per-check", type=float, default=120, help="seconds per check")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(run_chapter(args.child, args.per_check)))
        return 0

    numbers = args.chapters or sorted(p.name[2:] for p in HERE.glob("ch[0-9][0-9]") if p.is_dir())
    rows, failures = [], []
    print(f"{'chapter':8} {'attempts':>8} {'right ok':>9} {'right rej':>9} {'wrong rej':>9} "
          f"{'wrong acc':>9} {'crash/hang':>10} {'other':>6} {'seconds':>8}")
    totals = [0] * 7
    for number in numbers:
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, __file__, "--child", number,
                                   "--per-check", str(args.per_check)],
                                  capture_output=True, text=True, timeout=args.timeout, cwd=ROOT)
            found = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 \
                else None
            if found is None:
                failures.append(f"ch{number}: the chapter's process failed:\n{done.stderr[-3000:]}")
                continue
        except subprocess.TimeoutExpired:
            failures.append(f"ch{number}: hung, no result after {args.timeout} s")
            continue
        words = [judge(r) for r in found]
        for r, w in zip(found, words):
            r["judged"] = w
        counts = [len(found),
                  sum(r["expect"] == "correct" and w == "ok" for r, w in zip(found, words)),
                  words.count("correct-rejected"),
                  sum(r["expect"] == "incorrect" and w == "ok" for r, w in zip(found, words)),
                  words.count("wrong-accepted"),
                  words.count("crashed") + words.count("hung"),
                  words.count("other")]
        totals = [a + b for a, b in zip(totals, counts)]
        print(f"ch{number:6} {counts[0]:8} {counts[1]:9} {counts[2]:9} {counts[3]:9} "
              f"{counts[4]:9} {counts[5]:10} {counts[6]:6} {time.perf_counter() - started:8.1f}",
              flush=True)
        rows.extend(found)
    print(f"{'total':8} {totals[0]:8} {totals[1]:9} {totals[2]:9} {totals[3]:9} {totals[4]:9} "
          f"{totals[5]:10} {totals[6]:6}")
    wrong = totals[3] + totals[4]
    if wrong:
        print(f"wrong answers accepted: {totals[4]} of {wrong} ({100 * totals[4] / wrong:.1f} %)")

    for row in rows:
        if row["judged"] == "ok":
            continue
        print(f"\n{row['judged'].upper()}: {row['file']} ({row['id']})")
        if row["why"]:
            print(f"  why it is wrong: {row['why']}")
        if "problem" in row:
            print(f"  {row['problem']}")
        else:
            for where in ("notebook", "grader"):
                v = row[where]
                case = f" (case: {v['case']})" if v["case"] else ""
                print(f"  {where}: {v['status']}: {v['message']}{case}")
    for failure in failures:
        print(f"\n{failure}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    bad = totals[2] + totals[4] + totals[5] + totals[6] + len(failures)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
