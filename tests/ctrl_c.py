"""For tests that send Ctrl-C (SIGINT) to a child process.

A suite started in the background (CI, `cmd &` in a script, nohup) runs with SIGINT
ignored, children inherit that, and Python then never raises KeyboardInterrupt in them:
such a test would fail, or test nothing.  Start the child with
``preexec_fn=ctrl_c_reaches_it`` so that it handles Ctrl-C as in a terminal.
"""

import signal


def ctrl_c_reaches_it() -> None:
    """In the child, before it runs: SIGINT back to its default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
