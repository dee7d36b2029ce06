"""How results look: a coloured box in Jupyter, a plain line everywhere else.

Objects here have both ``_repr_html_`` (Jupyter shows that) and ``__repr__``
(terminals, logs and the text a saved notebook keeps).  Neither contains
anything random, so saved notebook outputs stay stable under nbval.
"""

from __future__ import annotations

import html
import re

from .core import CORRECT, INCORRECT, NOT_ATTEMPTED, Verdict

STYLE = {
    CORRECT: ("#e6f4ea", "#1e7e34", "✔ Correct"),
    INCORRECT: ("#fdecea", "#b3261e", "✘ Incorrect"),
    NOT_ATTEMPTED: ("#f1f3f4", "#5f6368", "○ Not attempted"),
    "hint": ("#e8f0fe", "#1a56c4", "💡 Hint"),
    "solution": ("#fff8e1", "#8a6d00", "Solution"),
}


def _box(kind: str, heading: str, body_html: str) -> str:
    background, colour, label = STYLE[kind]
    return (f'<div class="minigrad-feedback minigrad-{kind.replace(" ", "-")}" '
            f'style="background:{background};border-left:6px solid {colour};'
            f'padding:8px 12px;margin:4px 0;border-radius:4px">'
            f'<b style="color:{colour}">{label}</b> '
            f'<span style="color:#333">{html.escape(heading)}</span>'
            f'<div style="margin-top:4px">{body_html}</div></div>')


class Feedback:
    """What ``check`` returns: shows itself as a box in Jupyter and a line elsewhere."""

    def __init__(self, verdict: Verdict):
        self.verdict = verdict

    @property
    def status(self) -> str:
        return self.verdict.status

    @property
    def correct(self) -> bool:
        return self.verdict.status == CORRECT

    def __bool__(self) -> bool:
        return self.correct

    def _repr_html_(self) -> str:
        v = self.verdict
        body = html.escape(v.message)
        if v.case:
            body += f'<br><span style="color:#555">case: {html.escape(v.case)}</span>'
        if v.status == INCORRECT:
            body += (f'<br><span style="color:#555">Stuck? <code>hint("{v.exercise.id}")'
                     f'</code></span>')
        return _box(v.status, f"{v.exercise.id} · {v.exercise.title}", body)

    def __repr__(self) -> str:
        return self.verdict.text()


class Note:
    """A hint or a solution: a box in Jupyter, text elsewhere."""

    def __init__(self, kind: str, heading: str, text: str, code: bool = False):
        self.kind, self.heading, self.text, self.code = kind, heading, text, code

    def _repr_html_(self) -> str:
        body = html.escape(self.text)
        if self.code:
            body = f"<pre style='margin:0'>{body}</pre>"
        else:                  # a hint marks its code with backticks, as Markdown does
            body = re.sub(r"```(?:python)?\n?(.*?)```", r"<pre style='margin:0'>\1</pre>", body,
                          flags=re.S)
            body = re.sub(r"`([^`\n]+)`", r"<code>\1</code>", body)
        return _box(self.kind, self.heading, body)

    def __repr__(self) -> str:
        label = STYLE[self.kind][2]
        return f"{label} ({self.heading}):\n{self.text}" if self.code else \
            f"{label} ({self.heading}): {self.text}"
