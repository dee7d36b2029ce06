"""Chapter 2's widget: a computation graph, drawn by depth, and backward one node at a time.

* :class:`Graph`          a root tensor plus names for the tensors you want labelled
* :data:`EXAMPLES`        small graphs to step through: a chain, a diamond, a reused
                          node (``b = a + a; c = b + b``) and a ladder of diamonds
* :func:`draw_graph`      draw a graph on a matplotlib Axes: leaves on the left, the
                          root on the right, each node placed by its distance from the root
* :func:`simulate`        the state of backward after ``k`` steps of the topological walk
* :class:`BackwardStepper` the widget: a "step backward" button lights up one node at a
                          time, in the order ``minigrad.topological_order`` gives, with
                          the gradient each node has received so far

Stepping never calls ``backward()``: it calls each node's recorded backward function
itself, so the graph is left as it was (nothing is freed, no ``.grad`` is written).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from minigrad.autograd import topological_order
from minigrad.tensor import Tensor
from .render import DPI, image_widget, new_figure, show
from .layout import fits_label

__all__ = ["Graph", "EXAMPLES", "all_nodes", "depths", "draw_graph", "figure_size", "simulate",
           "BackwardStepper"]

# colours of a node's box, by state
COLOURS = {
    "waiting": "#ffffff",      # no gradient has reached it yet
    "partial": "#fff1b8",      # some consumers have sent their share, not all
    "current": "#ffb347",      # processed in the step just taken
    "done": "#c8ecc0",         # processed: its gradient is complete and passed on
    "constant": "#e6e6e6",     # does not require a gradient: backward ignores it
}


@dataclass
class Graph:
    """A computation graph to draw: its ``root`` and the names to print on nodes.

    ``names`` maps a label to a tensor, e.g. ``{"a": a, "b": b, "c": c}``; tensors
    without a name are labelled with their op (or their value, for constants).
    """
    root: Tensor
    names: dict = field(default_factory=dict)

    def label(self, node: Tensor) -> str:
        for name, tensor in self.names.items():
            if tensor is node:
                return name
        if node.op is not None:
            return node.op
        return _fmt(node.data)


# -- the example graphs ---------------------------------------------------------------------
def _leaf(value: float) -> Tensor:
    return Tensor(value, requires_grad=True)


def chain() -> Graph:
    """x → u = -x → v = u + 5 → w = -v: every node has exactly one consumer."""
    x = _leaf(2.0)
    five = Tensor(5.0)
    u = -x
    v = u + five
    w = -v
    return Graph(w, {"x": x, "5": five, "u": u, "v": v, "w": w})


def diamond() -> Graph:
    """x feeds two consumers, p = x + y and q = -x, which meet again in r = p - q."""
    x, y = _leaf(3.0), _leaf(1.0)
    p = x + y
    q = -x
    r = p - q
    return Graph(r, {"x": x, "y": y, "p": p, "q": q, "r": r})


def reused() -> Graph:
    """The micrograd question: b = a + a; c = b + b. The answer is dc/da = 4."""
    a = _leaf(2.0)
    b = a + a
    c = b + b
    return Graph(c, {"a": a, "b": b, "c": c})


def ladder(rungs: int = 3) -> Graph:
    """x = (-x) + (-x), repeated: every rung is a diamond."""
    x0 = _leaf(1.0)
    names = {"x0": x0}
    x = x0
    for i in range(1, rungs + 1):
        left, right = -x, -x
        x = left + right
        names.update({f"m{i}": left, f"n{i}": right, f"x{i}": x})
    return Graph(x, names)


EXAMPLES = {
    "chain": chain,
    "diamond": diamond,
    "reused node: b = a + a; c = b + b": reused,
    "ladder of 3 diamonds": ladder,
}


# -- the graph's shape ------------------------------------------------------------------------
def all_nodes(root: Tensor) -> list:
    """Every tensor ``root`` was computed from (constants included), root first.

    Same order rule as :func:`minigrad.topological_order` (a node after all its
    consumers), but it does not skip tensors that need no gradient: we draw those too.
    """
    order, expanded, stack = [], set(), [(root, False)]
    while stack:
        node, parents_done = stack.pop()
        if parents_done:
            order.append(node)
            continue
        if node in expanded:
            continue
        expanded.add(node)
        stack.append((node, True))
        for parent in node.parents:
            if parent not in expanded:
                stack.append((parent, False))
    order.reverse()
    return order


def depths(root: Tensor) -> dict:
    """Each node's depth: the length of the longest path from the root down to it."""
    depth = {root: 0}
    for node in all_nodes(root):                    # consumers come before their parents
        for parent in node.parents:
            depth[parent] = max(depth.get(parent, 0), depth[node] + 1)
    return depth


def _positions(root: Tensor) -> dict:
    """(x, y) per node: the root on the right, deeper nodes further left, columns centred."""
    depth = depths(root)
    deepest = max(depth.values())
    columns: dict = {}
    for node in all_nodes(root):
        columns.setdefault(depth[node], []).append(node)
    pos = {}
    for d, nodes in columns.items():
        for i, node in enumerate(nodes):
            pos[node] = (float(deepest - d), (len(nodes) - 1) / 2 - i)
    return pos


def _fmt(array) -> str:
    array = np.asarray(array)
    if array.size == 1:
        return f"{array.item():g}"
    return np.array2string(array, precision=3, separator=", ")


# -- backward, one step at a time ------------------------------------------------------------
def simulate(root: Tensor, steps: int, order: list | None = None, seed=None) -> dict:
    """What backward has done after processing the first ``steps`` nodes of ``order``.

    Returns a dict with ``order`` (the topological order), ``done`` (node → its complete
    gradient, for processed nodes), ``pending`` (node → the sum of what its consumers have
    sent so far, for nodes not yet processed), ``current`` (the node processed last, or
    None) and ``sent`` (the ``(parent, gradient)`` pairs that node sent).
    """
    order = topological_order(root) if order is None else order
    steps = max(0, min(steps, len(order)))
    pending = {root: np.ones_like(root.data) if seed is None else np.asarray(seed)}
    done, sent, current = {}, [], None
    for node in order[:steps]:
        g = pending.pop(node)
        done[node] = g
        current, sent = node, []
        if node._backward is None:              # a leaf: its gradient goes into .grad
            continue
        for parent, pg in zip(node.parents, node._backward(g)):
            if pg is None or not parent.requires_grad:
                continue
            pg = np.asarray(pg)
            sent.append((parent, pg))
            pending[parent] = pg if parent not in pending else np.asarray(pending[parent] + pg)
    return {"order": order, "done": done, "pending": pending, "current": current,
            "sent": sent, "steps": steps}


def _edges(root: Tensor) -> list:
    """(parent, consumer, k, m): the k-th of m edges from parent into consumer."""
    edges = []
    for node in all_nodes(root):
        counts: dict = {}
        for parent in node.parents:
            counts[parent] = counts.get(parent, 0) + 1
        seen: dict = {}
        for parent in node.parents:
            k = seen.get(parent, 0)
            seen[parent] = k + 1
            edges.append((parent, node, k, counts[parent]))
    return edges


def draw_graph(graph: Graph, ax=None, state: dict | None = None, title: str | None = None):
    """Draw ``graph`` on ``ax`` (a new pyplot-free figure when None); returns the Axes.

    With ``state`` (from :func:`simulate`) nodes are coloured by how far backward has
    got, and show the gradient they have received; edges that carried a gradient are
    labelled with it.
    """
    if ax is None:
        ax = new_figure(*figure_size(graph), dpi=DPI).add_subplot()
    root = graph.root
    pos = _positions(root)
    nodes = all_nodes(root)
    done = state["done"] if state else {}
    pending = state["pending"] if state else {}
    current = state["current"] if state else None

    boxes = {}
    for node in nodes:
        x, y = pos[node]
        kind = "leaf" if node.op is None else node.op
        lines = [f"{graph.label(node)}  ({kind})", f"value {_fmt(node.data)}"]
        if not node.requires_grad:
            colour = COLOURS["constant"]
            lines.append("no grad")
        elif node is current:
            colour = COLOURS["current"]
            lines.append(f"grad {_fmt(done[node])}")
        elif node in done:
            colour = COLOURS["done"]
            lines.append(f"grad {_fmt(done[node])}")
        elif node in pending and state:
            colour = COLOURS["partial"]
            lines.append(f"so far {_fmt(pending[node])}")
        else:
            colour = COLOURS["waiting"]
            lines.append("grad ?" if state else "")
        weight = "bold" if node is current else "normal"
        boxes[node] = ax.text(x, y, "\n".join(line for line in lines if line),
                              ha="center", va="center", fontsize=11, fontweight=weight,
                              zorder=3, bbox=dict(boxstyle="round,pad=0.4", fc=colour,
                                                  ec="#555555", lw=1.6 if node is current
                                                  else 0.8))

    sent_to = {}
    if state and current is not None:
        for parent, g in state["sent"]:
            sent_to.setdefault(parent, []).append(g)
    for parent, consumer, k, m in _edges(root):
        rad = 0.0 if m == 1 else (k - (m - 1) / 2) * 0.7
        carried = consumer in done and parent.requires_grad
        ax.annotate("", xy=(0.0, 0.5), xycoords=boxes[consumer],
                    xytext=(1.0, 0.5), textcoords=boxes[parent], zorder=2,
                    arrowprops=dict(arrowstyle="-|>", color="#c0392b" if carried else "#888888",
                                    lw=1.4 if carried else 0.9,
                                    connectionstyle=f"arc3,rad={rad}"))
        if carried and consumer._backward is not None:
            (x0, y0), (x1, y1) = pos[parent], pos[consumer]
            g = _share(consumer, parent, k, done[consumer])
            if g is not None:
                ax.text((x0 + x1) / 2, (y0 + y1) / 2 + (-rad * 0.8 if m > 1 else 0.12),
                        f"← {_fmt(g)}", ha="center", va="center", fontsize=10,
                        color="#c0392b", zorder=4)

    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(min(ys) - 0.75, max(ys) + 0.75)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=12)
    return ax


def figure_size(graph: Graph) -> tuple:
    """(width, height) in inches that gives every column and row of nodes room."""
    pos = _positions(graph.root)
    columns = len({x for x, _ in pos.values()})
    rows = max(sum(1 for x2, _ in pos.values() if x2 == x) for x, _ in pos.values())
    return max(6.0, 1.9 * columns + 0.6), max(2.6, 1.3 * rows + 1.4)


def _share(consumer: Tensor, parent: Tensor, k: int, g) -> np.ndarray | None:
    """The gradient ``consumer`` sends along its k-th edge to ``parent``."""
    grads = consumer._backward(g)
    hits = [pg for p, pg in zip(consumer.parents, grads) if p is parent]
    return None if k >= len(hits) or hits[k] is None else np.asarray(hits[k])


# -- the widget ----------------------------------------------------------------------------
class BackwardStepper:
    """Step through backward on a small graph, one node at a time.

    ``BackwardStepper()`` offers :data:`EXAMPLES` in a dropdown; pass your own
    ``{"title": function returning a Graph}`` to show other graphs.  Controls:
    ``dropdown`` (which graph), ``step_button`` (process the next node in topological
    order), ``reset_button``; the picture is ``image`` and the explanation ``html``.
    Show it with ``display(stepper.box)`` or ``stepper.show()``.
    """

    def __init__(self, examples: dict | None = None, example: str | None = None):
        import ipywidgets as widgets

        self.examples = dict(EXAMPLES if examples is None else examples)
        first = example if example is not None else next(iter(self.examples))
        self.dropdown = widgets.Dropdown(options=list(self.examples), value=first,
                                         description="graph",
                                         layout=widgets.Layout(width="340px"))
        self.step_button = widgets.Button(description="step backward", icon="step-forward",
                                          button_style="primary",
                                          layout=fits_label())
        self.reset_button = widgets.Button(description="reset", icon="undo",
                                           layout=fits_label())
        self.html = widgets.HTML()
        self._load(first)
        self.image = image_widget(self._figure())
        self._describe()
        self.box = widgets.VBox([
            widgets.HBox([self.dropdown, self.step_button, self.reset_button]),
            self.image, self.html])
        self.dropdown.observe(self._on_example, names="value")
        self.step_button.on_click(lambda _button: self.step())
        self.reset_button.on_click(lambda _button: self.reset())

    # state
    def _load(self, name: str) -> None:
        self.graph = self.examples[name]()
        self.order = topological_order(self.graph.root)
        self.steps = 0
        self.state = simulate(self.graph.root, 0, self.order)

    @property
    def finished(self) -> bool:
        return self.steps >= len(self.order)

    def gradients(self) -> dict:
        """Label → gradient for every node processed so far."""
        return {self.graph.label(n): g for n, g in self.state["done"].items()}

    # actions
    def step(self) -> None:
        """Process the next node in topological order (does nothing once finished)."""
        if self.finished:
            return
        self.steps += 1
        self._refresh()

    def reset(self) -> None:
        self.steps = 0
        self._refresh()

    def _on_example(self, change) -> None:
        self._load(change["new"])
        self._refresh()

    def _refresh(self) -> None:
        self.state = simulate(self.graph.root, self.steps, self.order)
        show(self.image, self._figure())
        self._describe()

    # output
    def _figure(self):
        fig = new_figure(*figure_size(self.graph), dpi=DPI)
        draw_graph(self.graph, fig.add_subplot(), self.state)
        return fig

    def _describe(self) -> None:
        label = self.graph.label
        n = len(self.order)
        order = ", ".join(label(node) for node in self.order)
        root = label(self.graph.root)
        self.step_button.disabled = self.finished
        if self.steps == 0:
            text = (f"Backward starts at <b>{root}</b> with gradient 1 (d{root}/d{root} = 1). "
                    f"Topological order: {order}. Press <i>step backward</i>.")
        else:
            node = self.state["current"]
            name, g = label(node), _fmt(self.state["done"][node])
            consumers = sum(1 for c in self.order for p in c.parents if p is node)
            text = f"Step {self.steps} of {n}: <b>{name}</b> "
            if node is self.graph.root:
                text += f"is the root; its gradient is {g}. "
            else:
                heard = ("the one gradient its consumer sends" if consumers == 1
                         else f"all {consumers} gradients its consumers send")
                text += f"has received {heard}; its gradient is complete: <b>{g}</b>. "
            if node._backward is None:
                text += f"It is a leaf, so backward stores {g} in {name}.grad."
            else:
                parts = [f"{_fmt(pg)} to {label(p)}" for p, pg in self.state["sent"]]
                text += f"Its backward ({node.op}) sends " + " and ".join(parts) + "."
            if self.finished:
                text += f" Done: {n} nodes, each processed exactly once."
        self.html.value = text

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
