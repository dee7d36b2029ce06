"""The instructors' autograder: grade a folder of exercise notebooks, safely and in parallel.

Usage
-----
::

    classroom-grade SUBMISSIONS_DIR --out RESULTS_DIR [--chapter NN] [--jobs N]
                    [--timeout SECONDS] [--memory-mb MB] [--reveal-hidden]
                    [--resume | --restart | --only STUDENT] [--require-isolation]
                    [--scheduler ADDRESS [--scheduler-timeout SECONDS]]

(``classroom-grade`` and ``python -m classroom.grade`` are the same command.)

Every ``*.ipynb`` (or ``*.ipynb.json``) under SUBMISSIONS_DIR is a submission, hidden or
not; every other file or folder is reported with the reason it was not graded
(:func:`.extract.survey`).  A student id is the path relative to the folder without the
suffix, made safe for file names: ``alice.ipynb`` -> ``alice``, ``alice/02_add_neg.ipynb``
-> ``alice__02_add_neg``.  The grader prints what isolation learner code will have, a
line per submission and a total, and writes into RESULTS_DIR (see :mod:`.report` and,
for how nothing is lost, :mod:`.store`):

* ``gradebook.csv``: one row per submission (student, file, chapter, total, max, one
  column of points per exercise, status, notes); unreadable notebooks have a row too;
* ``feedback/<student>.md`` and ``.html``: per exercise, the status, points and the
  public message, never expected values or hidden test code;
* ``gradescope/<student>/results.json``: Gradescope's results format;
* ``similarity.csv``: pairs of submissions with shared answer code (:mod:`.similarity`);
* ``summary.json``: the run in full (limits, isolation, warnings, what was not a
  submission, similarity, every message).

Defaults: ``--jobs`` all cores, ``--timeout 10`` seconds per cell and per check,
``--memory-mb 2048`` per submission.  Exit status: see :mod:`.__main__`.
``--reveal-hidden`` tells students whether their hidden checks passed; without it an
answer that passes the public checks is shown as "public checks passed" and its points
are withheld from the feedback (they count in the gradebook).

For Gradescope, ``python -m classroom.grade.gradescope --chapter 02 --out
autograder.zip`` builds an autograder to upload (see :mod:`.gradescope`); for a Dask
cluster, ``--scheduler`` (see :mod:`.cluster`).

From Python: ``runner.grade_directory(path, chapter="02")`` returns a
:class:`~.model.Run`; ``report.write_results(run, out)`` writes the files.

How a submission is graded
--------------------------
1. ``extract`` reads the notebook as JSON (no code runs, and what it reads is bounded),
   finds each exercise's answer cell (by cell metadata, its ``# EXERCISE <id>`` header,
   or as the last cell defining the exercise's function) and plans the steps: every code
   cell in notebook order, and a probe of each exercise where the notebook checks it.
2. ``runner`` starts a fresh ``worker`` process for the submission (on this machine, or
   through ``cluster`` on a Dask cluster).  The worker runs the chapter's ``SETUP``,
   confines itself (``sandbox``: ``namespaces``, limits, ``landlock``, ``seccomp``), then
   runs the steps in one namespace; at each probe it gets that exercise's hidden cases,
   probes the answer on the public and hidden ones, and sends the observations back
   over a private channel.
3. ``judge``, in the grader's process, turns observations into verdicts with the
   exercise's own checker: points from all cases, and the student's message from the
   public cases alone.  ``store`` saves each result as it is judged; ``report`` writes
   the results; ``similarity`` flags shared answers.

What the sandbox does, and does not, do
---------------------------------------
Each submission runs in its own process from a fresh scratch folder that is also its
``$HOME`` and ``$TMPDIR``, with a minimal environment and limits on memory, CPU time,
file size, open files and processes.  A time limit per cell and per check is enforced by
the grader; a cell that hangs, exits, or crashes the process costs that exercise only,
and grading continues in a new process.  :data:`.sandbox.PROTECTIONS` names what
learner code cannot do when every layer holds (see :mod:`.sandbox` for the layers): see,
signal, trace or limit any process outside its worker; leave a process behind; start
more than 64 processes; read other students' notebooks, the results, ``instructor/`` or
``solutions/``, or write outside its scratch; open any socket.  Which of these held is
printed at start and recorded in ``summary.json``, for every run, root or not;
``--require-isolation`` refuses to grade without all of them.

What graded code cannot reach: the reference answers (the answer cells of
``solutions/``) and every expected value stay in the grader's process, and the
instructor's files (``instructor/``: hidden cases, known mistakes) are not on the
worker's import path and not in its filesystem view (or, without namespaces, not
readable under Landlock).  A worker gets an exercise's hidden cases only when it
reaches that exercise's probe, and drops them once probed; the answer being probed sees
a hidden case's inputs, as any function sees its arguments, but nothing in the worker
knows what they should produce.  Messages from a worker are checked field by field, and
what the grader reads from them is bounded.

Not defended against: a learner who sets out to forge results.  Learner code runs in
the same process that records its observations, so it can replace the checkers'
probing code or find the result channel and send made-up observations.  That lets it
pass the public cases (whose expected observations ship with the course package, for
offline checks), not the hidden ones.  The sandbox keeps hostile code from harming the
grader or other students; grades that matter still deserve a look at the code, which
the gradebook and ``similarity.csv`` make easy to find.  Without namespaces there is no
limit on disk use beyond the file-size limit per file (with them, scratch is a 256 MB
tmpfs); grade on a machine where a filled scratch disk does no harm.
"""
