"""The instructors' autograder: grade a folder of exercise notebooks, safely and in parallel.

Usage
-----
::

    classroom-grade SUBMISSIONS_DIR --out RESULTS_DIR [--chapter NN] [--jobs N]
                    [--timeout SECONDS] [--memory-mb MB] [--reveal-hidden]
                    [--resume | --restart | --only STUDENT] [--require-isolation]
                    [--scheduler ADDRESS [--scheduler-timeout SECONDS]]
                    [--roster FILE] [--assignment NAME] [--due TIME]
                    [--late-policy RULES] [--extensions FILE] [--submitted-times FILE]
                    [--written-points N]

(``classroom-grade`` and ``python -m classroom.grade`` are the same command.)

Every ``*.ipynb`` (or ``*.ipynb.json``) under SUBMISSIONS_DIR is a submission, hidden or
not; every other file or folder is reported with the reason it was not graded
(:func:`.extract.survey`).  A student id is the path relative to the folder without the
suffix, made safe for file names: ``alice.ipynb`` -> ``alice``, ``alice/02_add_neg.ipynb``
-> ``alice__02_add_neg``.  The grader prints what isolation learner code will have, a
line per submission and a total, and writes into RESULTS_DIR one *set* of results,
switched in whole (see :mod:`.report` and, for how nothing is lost, :mod:`.store`):

* ``gradebook.csv``: one row per submission (student, file, chapter, total, max, one
  column of points per exercise, status, notes); unreadable notebooks have a row too;
* ``feedback/<student>.md`` and ``.html``: per exercise, the status, points and the
  public message, never expected values or hidden test code;
* ``gradescope/<student>/results.json``: Gradescope's results format;
* ``similarity.csv``: groups of submissions with shared answer code, identical or
  near-copies (:mod:`.similarity`);
* ``report.html`` and ``class_report.csv``: the class report (:mod:`.classreport`): per
  exercise how many passed, failed and did not try, the mistakes made most, the totals,
  who needs help, the similarity groups, with plots; the run's last line links it;
* ``points.csv`` (``id,points``) and, with ``--roster``, ``canvas.csv``: the points that
  count, for an LMS (:mod:`.lms`); with ``--due``, the gradebook keeps the raw score, the
  late penalty and the times beside the total (:mod:`.late`; students and strays:
  :mod:`.roster`);
* ``rubric.csv``: the written answers, to score and merge with ``classroom-rubric``
  (:mod:`.rubric`); ``classroom-feedback`` writes the folder to hand back
  (:mod:`.handback`), ``classroom-progress`` shows progress during class
  (:mod:`.progress`);
* ``summary.json``: the run in full (limits, isolation, warnings, what was not a
  submission, similarity, every message).

Defaults: ``--jobs`` all cores, ``--timeout 10`` seconds per cell and per check,
``--memory-mb 2048`` per submission (each process, and all of them together).  Exit
status: see :mod:`.__main__`.  ``--reveal-hidden`` tells students whether their hidden
checks passed; without it an answer that passes the public checks is shown as "public
checks passed" and its points are withheld from the feedback (they count in the
gradebook).

For Gradescope, ``python -m classroom.grade.gradescope --chapter 02 --out
autograder.zip`` builds an autograder to upload (see :mod:`.gradescope`); for a Dask
cluster, ``--scheduler`` (see :mod:`.cluster`).

From Python: ``runner.grade_directory(path, chapter="02")`` returns a
:class:`~.model.Run`; ``report.write_results(run, out)`` writes the files.

How a submission is graded
--------------------------
1. ``extract`` reads the notebook in chunks, dropping outputs, attachments and widget
   state as they stream past (what is graded is limited, not what is displayed), finds
   each exercise's answer cell (by cell metadata, its ``# EXERCISE <id>`` header, or as
   the last cell defining the exercise's function) and plans the steps: every code cell
   in notebook order, and a probe of each exercise where the notebook checks it.
2. ``runner`` starts a fresh ``worker`` process for the submission (on this machine, or
   through ``cluster`` on a Dask cluster).  The worker imports what the checks need, runs
   the chapter's ``SETUP``, freezes what the checks rely on, confines itself
   (``sandbox``: ``namespaces``, limits, ``landlock``, ``seccomp``) and installs an audit
   hook (``integrity``), then runs the steps in one namespace.  At each probe it asks for
   the cases one at a time (``cases``): public ones it runs from its own copy, hidden ones
   arrive built, one by one, and only while the answer has passed every case before; each
   observation goes back at once, over a channel on which the kernel names the sender.
3. ``judge``, in the grader's process, turns observations into verdicts with the
   exercise's own checker: points from all cases, and the student's message from the
   public cases alone.  ``store`` saves each result as it is judged; ``report`` writes
   the results set; ``similarity`` finds shared answers; ``classreport`` sums up the
   class.

What the sandbox does, and does not, do
---------------------------------------
Each submission runs in its own process from a fresh scratch folder that is also its
``$HOME`` and ``$TMPDIR``, with a minimal environment and limits on memory, CPU time,
file size, open files and processes; the memory of all its processes together is capped
too (``memory``: a cgroup v2 per submission where the machine allows, else a supervisor
in the grader that adds up each process tree; the isolation report says which).  A time
limit per cell and per check is enforced by the grader; a cell that hangs, exits, or
crashes the process costs that exercise only, and grading continues in a new process.
:data:`.sandbox.PROTECTIONS` names what learner code cannot do when every layer holds
(see :mod:`.sandbox` for the layers): see, signal, trace or limit any process outside
its worker; leave a process behind; start more than 64 processes, or any thread; read
other students' notebooks, the results, ``instructor/`` or ``solutions/``, or write
outside its scratch; open any socket; switch off or rewrite the checks.  Which of these
held is printed at start and recorded in ``summary.json``, for every run, root or not;
``--require-isolation`` refuses to grade without all of them.

What graded code cannot reach: the reference answers (the answer cells of
``solutions/``) and every expected value stay in the grader's process, and the
instructor's files are not on the worker's import path and not in its filesystem view
(or, without namespaces, not readable under Landlock).  The worker never holds a
chapter's hidden-case file: it is sent each case, built, when it asks for it, one at a
time, and the grader stops sending once the answer has failed a case.  So before an
exercise is probed, and for the cases an answer never reached, nothing in the worker
(frames, globals, the garbage collector, the pipe's buffers, its memory) holds them; the
answer being probed sees a case's inputs, as any function sees its arguments, and may
keep what it saw, but nothing in the worker knows what a case should produce.

The shortcut guard (:mod:`classroom.exercises.shortcuts`) decides by the identity of code
objects (:mod:`classroom.exercises.provenance`), never by file names: the library's and
the checker's code objects are listed before the first learner cell, and a call of a
forbidden piece whose caller is anything else (a cell, ``compile()`` under any name, a
kept reference, a case helper called on the learner's behalf) ends the worker with a
status the grader reads from the kernel.  The exercise definitions the probe uses are
tuples frozen before learner code ran; the checker's modules, classes, closures and the
built-ins are put back before every case; the audit hook, which cannot be removed,
refuses tracing and profiling, other audit hooks, changes to the checker's and the
library's functions, new code objects and ``ctypes`` to learner code; seccomp refuses new
threads.  A process that learner code forks never speaks the worker protocol: the
worker's loop ends any process that is not the worker, a fork handler closes the private
descriptors in children, the grader ignores what any other process writes to the
channel, and before every case the worker kills every other process in its PID
namespace, so none can take a case meant for it.  ``tests/test_grade_corpus.py`` grades
hostile notebooks that try each of these, as root and as an ordinary user, and grades
them five times over: no grade may depend on timing.

Not defended against: learner code that writes the worker's memory with ``ctypes``
objects that need no audited call (``ctypes.memmove`` to an address from ``id()``, or
indexing a ctypes pointer past its end).  It could make its own process lie: switch off
the guard in it, or send made-up observations.  It could not reach another exercise's
hidden cases (they are not in the process), another student's anything, or the
grader.  ``ctypes`` cannot be kept out of the worker: NumPy and scikit-learn load it.
Learner code can also still send made-up observations by plainer means (it runs in the
process that records them): they are judged against expectations the worker never
holds, so they pass only where the learner could compute the right result anyway, and
an answer that calls a forbidden piece on the way ends the process first.  A library
function that calls a callable the learner hands it (``nn.Sequential(minigrad.sum)``)
is the library's call, not a shortcut.  Where a protection is missing (the report says
which), so is what it gives: without seccomp, threads and forked children are not
stopped; without a PID namespace, no process is swept before a case.  Without
namespaces there is no limit on disk use beyond the file-size limit per file (with
them, scratch is a 256 MB tmpfs); grade on a machine where a filled scratch disk does
no harm.
"""
