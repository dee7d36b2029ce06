"""The instructors' autograder: grade a folder of exercise notebooks, safely and in parallel.

Usage
-----
::

    classroom-grade SUBMISSIONS_DIR --out RESULTS_DIR [--chapter NN] [--jobs N]
                    [--timeout SECONDS] [--memory-mb MB] [--reveal-hidden]

(``classroom-grade`` and ``python -m classroom.grade`` are the same command.)

Every ``*.ipynb`` under SUBMISSIONS_DIR is a submission (hidden folders such as
``.ipynb_checkpoints`` are skipped).  Its student id is its path relative to the
folder without ``.ipynb``, made safe for file names: ``alice.ipynb`` -> ``alice``,
``alice/02_add_neg.ipynb`` -> ``alice__02_add_neg``.  The grader prints a line per
submission and a total, and writes into RESULTS_DIR:

* ``gradebook.csv``: one row per submission (student, file, chapter, total, max, one
  column of points per exercise, status, notes); unreadable notebooks have a row too;
* ``feedback/<student>.md`` and ``.html``: per exercise, the status, points and the
  public message, never expected values or hidden test code;
* ``gradescope/<student>/results.json``: Gradescope's results format;
* ``summary.json``: the run in full (limits, sandbox, warnings, every message).

Defaults: ``--jobs`` all cores, ``--timeout 10`` seconds per exercise, ``--memory-mb
2048`` per submission.  Exit status 0 whenever every submission got a row, however
broken; 2 for usage errors.  ``--reveal-hidden`` tells students whether their hidden
checks passed; without it an answer that passes the public checks is shown as
"public checks passed" and its points are withheld from the feedback (they count
in the gradebook).

For Gradescope, ``python -m classroom.grade.gradescope --chapter 02 --out
autograder.zip`` builds an autograder to upload (see :mod:`.gradescope`).

From Python: ``runner.grade_directory(path, chapter="02")`` returns a
:class:`~.model.Run`; ``report.write_results(run, out)`` writes the files.

How a submission is graded
--------------------------
1. ``extract`` reads the notebook as JSON (no code runs) and finds each exercise's
   answer cell: by cell metadata, by its ``# EXERCISE <id>`` header, or as the last
   cell defining the exercise's function.  Only answer code is used; the imports come
   from the chapter module's ``SETUP``.
2. ``runner`` starts a fresh ``worker`` process for the submission.  The worker
   runs ``SETUP``, confines itself (``sandbox``), then runs the answer cells in
   notebook order in one namespace and probes each answer on the public cases and on
   the hidden ones, which the runner sends once that answer cell has run; it sends the
   observations back over a private channel.
3. ``judge``, in the grader's process, turns observations into verdicts with the
   exercise's own checker: points from all cases, and the student's message from the
   public cases alone.  ``report`` writes the results.

Modules: ``extract`` (notebook -> answers), ``worker`` (the child process),
``sandbox`` (limits, users, Landlock), ``runner`` (processes, time limits, restarts,
threads), ``judge`` (verdicts), ``report`` (files), ``gradescope`` (zip and Gradescope
entry point), ``model`` (the shared dataclasses).

What the sandbox does, and does not, do
---------------------------------------
Each submission runs in its own process, in a session of its own, from a fresh
scratch folder that is also its ``$HOME`` and ``$TMPDIR``, with a minimal
environment and limits on memory, CPU time, file size and open files.  A time limit
per exercise is enforced by the grader; an answer that hangs, exits, or crashes the
process loses that exercise only, and grading continues in a new process.  When the
grader runs as root, learner code runs as a user id of its own (so it cannot touch
the grader's files, the submissions, the results or other workers); where the kernel
has Landlock, it may also write only to its scratch folder, read only Python and the
packages already imported, not open TCP connections and (kernel 6.12+) not signal
other processes.  The run summary says what was in force and warns when learner
code ran with the grader's own permissions (not root and no Landlock).

What graded code cannot reach: the reference answers (the answer cells of
``solutions/``) and every expected value stay in the grader's process, and the
instructor's files (``instructor/``: hidden cases, known mistakes) are not on the
worker's import path and, where Landlock is available, cannot be read by it.  A worker
gets an exercise's hidden cases only after that exercise's answer cell has run, and drops
them once probed; the answer being probed sees a hidden case's inputs, as any function
sees its arguments, but nothing in the worker knows what they should produce.

Not defended against: a learner who sets out to forge results.  Learner code runs in
the same process that records its observations, so it can replace the checkers'
probing code or find the result channel and send made-up observations.  That lets it
pass the public cases (whose expected observations ship with the course package, for
offline checks), not the hidden ones.  The sandbox keeps hostile code from harming the
grader or other students; grades that matter still deserve a look at the code, which
the gradebook makes easy to find.  Nor is there a limit on disk use beyond the file-size
limit per file; grade on a machine (or container) where a filled scratch disk does no
harm.
"""
