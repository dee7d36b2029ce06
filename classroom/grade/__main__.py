"""``python -m classroom.grade SUBMISSIONS_DIR --out RESULTS_DIR [options]``: grade a folder.

Prints what isolation learner code will have, then one line per submission as it
finishes, then a total, what in the folder was not a submission (and why) and any
warnings.  Exit status: 0 when every submission got a row (broken, hostile or empty
notebooks are data, not errors); 1 when the grader itself failed on some submission (its
row says "grader error"); 2 for usage errors (a missing folder, no notebooks, a chapter
without exercises, a results folder holding other files or locked by another grader,
an interrupted run not resumed); 3 when ``--require-isolation`` is given and a
protection is missing; 130 when interrupted (Ctrl-C, SIGTERM), after saving what had
finished.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from dataclasses import asdict
from pathlib import Path

from ..exercises.registry import chapter_modules
from . import (cluster, extract, judge, late, report, roster, rubric, runner, sandbox,
               similarity, store)
from .model import (CORRECT, ERROR, INCORRECT, MISSING, NOT_ATTEMPTED, Limits, Run,
                    SubmissionResult, points_text)

MARKS = {CORRECT: "✔", INCORRECT: "✘", NOT_ATTEMPTED: "○", ERROR: "!", MISSING: "?"}
INTERRUPTED = 130


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m classroom.grade",
        description="Grade every notebook under SUBMISSIONS_DIR; each submission runs in its "
                    "own sandboxed process. Writes gradebook.csv, feedback/, gradescope/, "
                    "similarity.csv and summary.json into RESULTS_DIR.")
    p.add_argument("submissions", metavar="SUBMISSIONS_DIR", type=Path)
    p.add_argument("--out", metavar="RESULTS_DIR", type=Path, required=True,
                   help="where results go (created; earlier results there are kept until "
                        "this run has a complete set to replace them with)")
    p.add_argument("--chapter", metavar="NN",
                   help="grade notebooks as this chapter's; others get 0 with a reason "
                        "(default: each notebook's own chapter)")
    p.add_argument("--jobs", type=int, default=None,
                   help=f"submissions graded at once (default: all cores, {runner.default_jobs()} "
                        f"here; with --scheduler, the cluster's threads)")
    p.add_argument("--timeout", type=float, default=Limits.timeout, metavar="SECONDS",
                   help="time limit per cell and per check, in seconds (default: %(default)g)")
    p.add_argument("--memory-mb", type=int, default=Limits.memory_mb, metavar="MB",
                   help="memory limit per submission's process (default: %(default)s)")
    p.add_argument("--reveal-hidden", action="store_true",
                   help="tell students whether their hidden checks passed (default: their "
                        "points count, but feedback only says 'public checks passed')")
    again = p.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true",
                       help="finish the interrupted run in RESULTS_DIR: grade only the "
                            "submissions without a saved result (or changed since)")
    again.add_argument("--restart", action="store_true",
                       help="discard the interrupted run's saved results and grade everything")
    again.add_argument("--only", metavar="STUDENT", action="append",
                       help="regrade only this student (id or file, as in the gradebook; may "
                            "be repeated) and update the last complete results in place")
    p.add_argument("--require-isolation", action="store_true",
                   help="refuse to grade unless every protection holds on this machine "
                        "(see summary.json's isolation section)")
    term = p.add_argument_group("the class: roster, due time, late policy (see "
                                "classroom.grade.roster and .late)")
    term.add_argument("--roster", type=Path, metavar="FILE",
                      help="CSV of students (id,name,aliases,email, or Canvas's gradebook "
                           "export): submissions are graded under its ids, files matching "
                           "nobody are listed, students without a submission get a row")
    term.add_argument("--assignment", metavar="NAME",
                      help="the assignment's column in canvas.csv (default: 'Chapter NN')")
    term.add_argument("--due", metavar="TIME",
                      help="when the work was due, ISO 8601 (2027-03-01T23:59, local time "
                           "unless an offset is given)")
    term.add_argument("--late-policy", metavar="RULES",
                      help='points off for late work, e.g. "10%%/day, grace 15m, cutoff 5d" '
                           "(needs --due)")
    term.add_argument("--extensions", type=Path, metavar="FILE",
                      help="CSV student,due (or student,days): a later due time per student")
    term.add_argument("--written-points", type=float, default=rubric.DEFAULT_POINTS,
                      metavar="N", help="points for each written answer in rubric.csv "
                                        "(default %(default)g); merge the scores with "
                                        "classroom-rubric")
    term.add_argument("--submitted-times", type=Path, metavar="FILE",
                      help="CSV student,submitted: when each was handed in (default: the "
                           "notebook file's modification time)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run submissions on a Dask cluster (tcp://host:8786); needs the "
                        "[grading] extra")
    p.add_argument("--scheduler-timeout", type=float, default=30.0, metavar="SECONDS",
                   help="how long to keep trying to reach the scheduler (default 30)")
    return p


def summary_line(result) -> str:
    marks = " ".join(f"{er.id.split('.', 1)[1]} {MARKS.get(er.status, '?')}"
                     for er in result.exercises)
    text = (f"{result.student:<28} ch{result.chapter or '??'}  "
            f"{points_text(result.total):>3} / {points_text(result.max_points):<3}  {marks}")
    if result.problem:
        text += f"  not graded: {result.problem}"
    return text


def _chapter(text: str) -> str:
    text = text.strip()
    return f"{int(text):02d}" if text.isdigit() else text


def _check_args(args) -> list:
    problems = []
    if not args.submissions.is_dir():
        problems.append(f"{args.submissions} is not a folder")
    if args.chapter is not None:
        args.chapter = _chapter(args.chapter)
        if args.chapter not in chapter_modules():
            problems.append(f"there are no exercises for chapter {args.chapter!r}; chapters "
                            f"with exercises: {', '.join(chapter_modules()) or 'none'}")
    if (args.jobs is not None and args.jobs < 1) or args.timeout <= 0 or args.memory_mb < 256:
        problems.append("--jobs must be at least 1, --timeout positive and --memory-mb at "
                        "least 256")
    if args.written_points < 0:
        problems.append("--written-points must not be negative")
    if args.scheduler_timeout <= 0:
        problems.append("--scheduler-timeout must be positive")
    return problems


def _entries(root: Path) -> tuple:
    paths, skipped = extract.survey(root)
    ids = extract.student_ids(paths, root)
    return ([(p, ids[p], p.relative_to(root).as_posix()) for p in paths],
            [{"path": path, "reason": reason} for path, reason in skipped])


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    problems = _check_args(args)
    entries, skipped = _entries(args.submissions) if not problems else ([], [])
    if not problems and not entries:
        problems.append(f"no *.ipynb files under {args.submissions}"
                        + (f" ({len(skipped)} other files or folders: see below)"
                           if skipped else ""))
    term = None
    if not problems:
        entries, skipped, term, wrong = _term(args, entries, skipped)
        problems += wrong
    folder = store.ResultsFolder(args.out)
    if not problems:
        try:
            folder.open()
        except store.FolderError as err:
            problems.append(str(err))
    if problems:
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        for item in skipped[:20]:
            print(f"  not a submission: {item['path']}: {item['reason']}", file=sys.stderr)
        return 2
    try:
        return _grade(args, folder, entries, skipped, term)
    finally:
        folder.close()


def _term(args, entries: list, skipped: list) -> tuple:
    """Entries under roster ids, the class's settings (roster, due time, policy) and every
    problem found in them: all read and checked before anything is graded."""
    problems = []
    if (args.late_policy or args.extensions or args.submitted_times) and not args.due:
        problems.append("--late-policy, --extensions and --submitted-times need --due")
    term = {"roster": None, "missing": [], "paths": {e[1]: e[0] for e in entries}}
    if args.roster:
        try:
            listed = roster.read(args.roster)
            matched = roster.assign(listed, entries, args.chapter)
        except roster.RosterError as err:
            problems.append(str(err))
        else:
            entries = matched.entries
            skipped = skipped + matched.unmatched
            term["roster"] = [{"id": s.id, "name": s.name, "canvas": s.canvas}
                              for s in listed.students]
            term["missing"] = [s.id for s in matched.missing]
            term["paths"] = {e[1]: e[0] for e in entries}
    if args.due:
        known = ({s["id"] for s in term["roster"]} if term["roster"] else
                 {e[1] for e in entries})
        due = _read(problems, late.parse_time, args.due, "--due")
        term.update(due=due, policy=None, extensions={}, submitted={})
        if args.late_policy:
            term["policy"] = _read(problems, late.parse_policy, args.late_policy)
        if args.extensions and due is not None:
            term["extensions"] = _read(problems, late.read_extensions, args.extensions, due,
                                       known) or {}
        if args.submitted_times:
            term["submitted"] = _read(problems, late.read_submitted, args.submitted_times,
                                      known) or {}
    return entries, skipped, term, problems


def _read(problems: list, function, *arguments):
    """``function(*arguments)``, or None with its :class:`late.PolicyError` noted."""
    try:
        return function(*arguments)
    except late.PolicyError as err:
        problems.append(str(err))
        return None


def apply_term(run: Run, term: dict, args) -> None:
    """Rows for students without a submission, lateness and penalties, and what the run
    keeps of the class's settings (``run.term``, saved in summary.json)."""
    chapter = args.chapter or next((r.chapter for r in run.results if r.chapter), None)
    have = {r.student for r in run.results}
    for student in term["missing"]:
        if student not in have:
            run.results.append(SubmissionResult(
                student=student, relpath="", chapter=chapter, problem="no submission",
                exercises=judge.not_graded(chapter, "no submission") if chapter else []))
    run.results.sort(key=lambda r: r.student)
    if "due" in term:
        for result in run.results:
            due = term["extensions"].get(result.student, term["due"])
            if not result.relpath:
                result.late = {"due": due.isoformat(timespec="seconds"), "days": "",
                               "penalty": 0.0, "note": ""}
                continue
            when, source = term["submitted"].get(result.student), "submission times file"
            path = term["paths"].get(result.student)
            if when is None and path is None:       # graded earlier from a file now gone
                continue
            if when is None:
                when, source = late.file_time(path), "file time"
            result.submitted = when.isoformat(timespec="seconds")
            result.late = {"due": due.isoformat(timespec="seconds"), "source": source,
                           "extension": result.student in term["extensions"],
                           **late.assess(when, due, term["policy"], result.raw,
                                         result.possible)}
    run.term = {"roster": term["roster"], "reveal_hidden": bool(args.reveal_hidden),
                "assignment": args.assignment or (f"Chapter {chapter}" if chapter else None),
                "due": term["due"].isoformat() if "due" in term else None,
                "late_policy": term["policy"].text if term.get("policy") else None,
                "extensions": {k: v.isoformat() for k, v in term.get("extensions", {}).items()}}


def _grade(args, folder: store.ResultsFolder, entries: list, skipped: list,
           term: dict) -> int:
    limits = Limits(timeout=args.timeout, memory_mb=args.memory_mb)
    interrupted = folder.interrupted()
    if interrupted and not (args.resume or args.restart):
        print(f"error: {args.out} holds an interrupted run ({interrupted['finished']} of "
              f"{interrupted.get('submissions', '?')} submissions graded): --resume to finish "
              f"it, or --restart to grade everything again", file=sys.stderr)
        return 2
    if args.resume and not interrupted:
        print(f"error: {args.out} holds no interrupted run to resume", file=sys.stderr)
        return 2
    previous = None
    if args.only:
        try:
            previous = folder.previous()
        except store.FolderError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        wanted = set(args.only)
        chosen = [e for e in entries if e[1] in wanted or e[2] in wanted]
        unknown = wanted - {e[1] for e in chosen} - {e[2] for e in chosen}
        if unknown:
            print(f"error: no submission {', '.join(sorted(unknown))} in {args.submissions} "
                  f"(give the student id or the file, as in the gradebook)", file=sys.stderr)
            return 2
        entries = chosen
    if args.resume:
        chapter, limits = interrupted.get("chapter"), Limits(**interrupted["limits"])
        if (args.chapter and args.chapter != chapter) or limits.timeout != args.timeout:
            print(f"note: resuming with the interrupted run's options (--chapter {chapter}, "
                  f"--timeout {limits.timeout:g}, --memory-mb {limits.memory_mb})")
        args.chapter = chapter

    client, execute, jobs = None, None, args.jobs
    if args.scheduler:
        try:
            client = cluster.connect(args.scheduler, timeout=args.scheduler_timeout)
        except Exception as err:  # noqa: BLE001 - a bad address, no Dask...
            print(f"error: could not reach the Dask scheduler {args.scheduler}: {err}",
                  file=sys.stderr)
            return 2
        execute, cluster_jobs = cluster.dask_runner(client)
        jobs = jobs or cluster_jobs
        print(f"cluster: {args.scheduler}, {cluster_jobs} threads")
    jobs = jobs or runner.default_jobs()

    box = runner.probe_sandbox(limits) if not args.scheduler else \
        client.submit(cluster.probe_remote, limits, pure=False).result()
    probe = runner.summarise_sandboxes([box], limits) if "protections" in box else box
    for line in sandbox.describe(probe):
        print(line)
    if args.require_isolation and (probe.get("missing") or "protections" not in probe):
        print(f"error: --require-isolation: missing {', '.join(probe.get('missing') or ['all'])}"
              f"; not grading", file=sys.stderr)
        return 3

    done, total = {}, len(entries)
    if not args.only:
        done = folder.begin({"chapter": args.chapter, "limits": asdict(limits),
                             "submissions": len(entries),
                             "folder": str(args.submissions.resolve()),
                             "started": time.strftime("%Y-%m-%d %H:%M:%S")}, args.resume)
        current = {e[1]: e for e in entries}
        done = {s: r for s, r in done.items() if s in current and r.digest and
                r.digest == _digest(current[s][0])}
        if done:
            print(f"resuming: {len(done)} of {len(entries)} submissions already graded")
        entries = [e for e in entries if e[1] not in done]

    def finished(result) -> None:
        if not args.only:
            folder.save(result)
        print(summary_line(result), flush=True)

    previous_handler = signal.signal(signal.SIGTERM, _terminate)
    try:
        run = runner.grade_paths(entries, chapter=args.chapter, jobs=jobs, limits=limits,
                                 on_result=finished, executor=execute)
    except runner.Interrupted as stopped:
        results = sorted(list(done.values()) + stopped.results, key=lambda r: r.student)
        if args.only:
            print(f"\ninterrupted: nothing was changed in {args.out}")
            return INTERRUPTED
        path = folder.stopped(results, report.write_gradebook)
        print(f"\ninterrupted: {len(results)} of {total} submissions graded; their results are kept in {folder.partial}/ (gradebook: "
              f"{path}); {args.out}'s earlier complete results are unchanged. Run the same "
              f"command with --resume to finish.")
        return INTERRUPTED
    finally:
        signal.signal(signal.SIGTERM, previous_handler)
        if client is not None:
            client.close()

    run.skipped = skipped
    if args.only:
        summary, earlier = previous
        replaced = {r.student for r in run.results}
        run.results = sorted([r for r in earlier if r.student not in replaced] + run.results,
                             key=lambda r: r.student)
        run.sandbox = merge_sandboxes(summary.get("sandbox") or {}, run.sandbox)
        run.warnings = sorted(set(summary.get("warnings", [])) | set(run.warnings))
    else:
        run.results = sorted(list(done.values()) + run.results, key=lambda r: r.student)
    runner.assign_chapter(run.results)
    apply_term(run, term, args)
    rubric.collect(run, term["paths"], args.written_points)
    run.similarity = similarity.find(run.results, similarity.references(run.results))
    report.write_results(run, args.out, reveal=args.reveal_hidden)
    if not args.only:
        folder.finished()
    _print_totals(run, args)
    return 1 if any(r.internal_error for r in run.results) else 0


def _terminate(signum, frame):
    raise KeyboardInterrupt


def _digest(path: Path) -> str:
    return extract.file_digest(path)


def merge_sandboxes(earlier: dict, now: dict) -> dict:
    """The isolation summary of results graded in two runs: a protection held only if it
    held in both."""
    if not earlier:
        return now
    if not now:
        return earlier
    merged = dict(now)
    merged["protections"] = {
        name: {"held": earlier["protections"][name]["held"] and now["protections"][name]["held"],
               "how": now["protections"][name]["how"] if not now["protections"][name]["held"]
               or earlier["protections"][name]["held"] else earlier["protections"][name]["how"]}
        for name in now.get("protections", {}) if name in earlier.get("protections", {})}
    merged["missing"] = [n for n, p in merged["protections"].items() if not p["held"]]
    return merged


def _print_totals(run: Run, args) -> None:
    handed_in = [r for r in run.results if r.relpath]
    graded = sum(1 for r in handed_in if not r.problem)
    total = sum(r.total for r in run.results)
    possible = sum(r.max_points for r in run.results)
    rate = len(handed_in) / run.seconds * 60 if run.seconds else 0
    print(f"\n{len(handed_in)} submissions ({graded} graded, {len(handed_in) - graded} not "
          f"gradable) in {run.seconds:.1f} s ({rate:.0f}/min, {run.jobs} at a time); "
          f"{points_text(total)} of {points_text(possible)} points in all")
    for item in run.skipped:
        print(f"not a submission: {item['path']}: {item['reason']}")
    for result in run.results:
        if not result.relpath:
            print(f"no submission: {result.student} (a row with 0 points)")
    groups = [g for g in (run.similarity or {}).get("groups", []) if not g["worked_solution"]]
    if groups:
        print(f"similarity: {len(groups)} groups of submissions share answer code (listed in "
              f"similarity.csv and the class report for a look, not marked down)")
    for warning in run.warnings:
        print(f"warning: {warning}")
    if any(r.written for r in run.results):
        print(f"written answers: {args.out}/rubric.csv; score them and merge with "
              f"`classroom-rubric {args.out} SCORED.csv`")
    print(f"results: {args.out}/gradebook.csv, points.csv"
          f"{', canvas.csv' if run.term.get('roster') else ''}, feedback/, gradescope/, "
          f"similarity.csv, summary.json")
    print(f"class report: {args.out}/report.html (and class_report.csv): what the class "
          f"got right and wrong, the mistakes made most, who needs help")


if __name__ == "__main__":
    sys.exit(main())
