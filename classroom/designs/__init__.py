"""Four ways to build reverse-mode autograd, side by side.

The course grew out of four articles, each with its own answer to the question "how does a
program remember a computation so that it can run the chain rule backwards?".  minigrad itself
is one answer; the other three live here as small, tested modules that the chapters import.

=========================  ===================================  ======================  =======
design                     how the computation is remembered    where                   chapter
=========================  ===================================  ======================  =======
static graph (000)         you build a graph of Input,          ``static_graph``        0, 10
                           Parameter, Gate and Output nodes
                           first; it is sorted once and run
                           forward and backward many times
closures (001)             not at all: each layer's forward     ``closures``            7, 10
                           returns ``(Y, backward)`` and a
                           Sequential calls the closures in
                           reverse
creators, counted (002)    each tensor records its creators     ``creator_tape``        10
                           and counts its children; it passes
                           its gradient on once every child
                           has reported
local gradients (003)      each value records its inputs and    ``depth_first``         10
                           the local derivative w.r.t. each;
                           a depth-first walk multiplies them
                           along every path
the tape (002 + 003)       each tensor records its parents and  ``minigrad`` itself     1-9
                           a backward function; ``backward()``  (``autograd.py``)
                           sorts the recorded graph
                           topologically and visits each node
                           once
=========================  ===================================  ======================  =======

All five compute the same numbers: ``tests/test_designs_*.py`` checks each design against
minigrad on the same functions.  What differs is when the graph exists (before the data, while
the data flows, or never as an object), who decides the order of the backward pass, and what
goes wrong when a value is used twice: the naive depth-first walk of ``depth_first`` repeats
work once per path (exponential on a ladder of diamonds), the counting of ``creator_tape``
waits forever for a child that never reports, and the static graph and minigrad avoid both by
sorting.
"""

from . import closures, creator_tape, depth_first, static_graph

__all__ = ["static_graph", "closures", "creator_tape", "depth_first"]
