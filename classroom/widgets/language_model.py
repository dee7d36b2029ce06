"""Chapter 14's widgets: a language model writing from your prompt, and where one of its
attention heads looks along a line of verse.

* :func:`check_prompt` says what is wrong with a typed prompt (empty, a character the
  model has never seen, too long for a line of verse), or returns None;
* :class:`TextWriter`: a box for the prompt, sliders for the temperature and top-k, a
  button that draws again with the next seed, and the text the model wrote;
* :func:`draw_attention` draws one head's weights over a line as a heatmap, the future
  (hidden by the causal mask) grey;
* :class:`VerseAttention`: a box for the line, a Dropdown for the layer and head, the
  picture and a status line naming where the last character looks hardest.

Neither widget knows the model.  :class:`TextWriter` is given
``write(prompt, temperature, top_k, seed) -> str`` and :class:`VerseAttention`
``read(line) -> weights``, an array (layers, heads, T, T) for the T characters of the
line; the notebook builds both from its model, the tests from stand-ins.  Nothing is
printed: every change replaces an HTML text or an Image's PNG bytes.
"""

from __future__ import annotations

import html

import numpy as np

from .layout import fits_label
from .render import DPI, new_figure, show

#: Let a control's label take the room it needs (JupyterLab cuts "temperature:" short).
LABEL = {"description_width": "initial"}

WRONG = "#d62728"


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _named(chars) -> str:
    names = {" ": "a space", "\n": "a line break", "\t": "a tab"}
    return ", ".join(names.get(c, repr(c)) for c in chars)


def check_prompt(text: str, alphabet: str, longest: int | None = None,
                 what: str = "prompt") -> str | None:
    """Why ``text`` cannot be given to the model (a sentence a learner can act on), or None."""
    if not text:
        return f"the {what} is empty: type at least one character"
    outside = sorted({c for c in text if c not in alphabet}, key=text.index)
    if outside:
        return (f"{_named(outside)} {'is' if len(outside) == 1 else 'are'} not in the model's "
                f"vocabulary of {len(alphabet)} characters (it never saw "
                f"{'it' if len(outside) == 1 else 'them'} in Shakespeare)")
    if longest is not None and len(text) > longest:
        return f"the model reads at most {longest} characters at once: you typed {len(text)}"
    return None


class TextWriter:
    """Type a prompt, set the temperature and top-k, read what the model writes.

    ``TextWriter(write, alphabet, value="ROMEO.\\n").show()`` displays it; how much text
    is written is ``write``'s choice.
    ``top_k`` 0 on the slider means "no cut-off" (``write`` receives None).  In tests:
    set ``prompt.value``, ``temperature.value``, ``top_k.value``, call
    ``again.click()``, then read ``text``, ``output.value`` and ``error``.
    """

    def __init__(self, write, alphabet: str, value: str = "ROMEO.\n",
                 temperature: float = 0.8, top_k: int = 0):
        import ipywidgets as widgets

        problem = check_prompt(value, alphabet)
        if problem:
            raise ValueError(f"TextWriter: the starting prompt {value!r} is not valid: "
                             f"{problem}.")
        self.write, self.alphabet = write, alphabet
        self.prompt = widgets.Textarea(value=value, description="prompt:",
                                       continuous_update=False, style=LABEL,
                                       layout=widgets.Layout(width="420px", height="64px"))
        self.temperature = widgets.FloatSlider(value=temperature, min=0.1, max=2.0, step=0.1,
                                               description="temperature:",
                                               continuous_update=False, style=LABEL)
        self.top_k = widgets.IntSlider(value=top_k, min=0, max=len(alphabet), step=1,
                                       description="top-k:", continuous_update=False,
                                       style=LABEL)
        self.again = widgets.Button(description="write again", tooltip="the next seed",
                                    layout=fits_label())
        self.output = widgets.HTML()
        self.seed = 0
        self.text = ""
        self.error: str | None = None
        for control in (self.prompt, self.temperature, self.top_k):
            control.observe(self._on_change, names="value")
        self.again.on_click(self._on_again)
        self.box = widgets.VBox([self.prompt, widgets.HBox([self.temperature, self.top_k]),
                                 self.again, self.output])
        self.redraw()

    def _on_change(self, change) -> None:
        self.redraw()

    def _on_again(self, button) -> None:
        self.seed += 1
        self.redraw()

    def redraw(self) -> None:
        prompt = self.prompt.value
        self.error = check_prompt(prompt, self.alphabet)
        if self.error:
            self.output.value = (f'<span style="color:{WRONG}"><b>{_esc(self.error)}.'
                                 f"</b></span> The text below is from the last valid prompt."
                                 f"{self._text_html(self._last_prompt)}")
            return
        top_k = self.top_k.value or None
        self.text = self.write(prompt, self.temperature.value, top_k, self.seed)
        self._last_prompt = prompt
        self.output.value = (f"temperature {self.temperature.value:.1f}, "
                             f"{'no top-k' if top_k is None else f'top-{top_k}'}, "
                             f"seed {self.seed}:{self._text_html(prompt)}")

    def _text_html(self, prompt: str) -> str:
        return (f'<pre style="white-space: pre-wrap; line-height: 1.3"><b>'
                f"{_esc(prompt)}</b>{_esc(self.text)}</pre>")

    def show(self) -> None:
        from IPython.display import display

        display(self.box)


def draw_attention(line: str, weights, layer: int, head: int, dpi: int = DPI):
    """One head's weights over ``line`` (see the module's docstring)."""
    w = np.asarray(weights, dtype=np.float64)[layer, head]
    T = w.shape[0]
    size = 2.2 + 0.12 * T
    fig = new_figure(size + 0.6, size, dpi=dpi)
    ax = fig.subplots()
    future = np.triu(np.ones((T, T), dtype=bool), 1)
    import matplotlib

    cmap = matplotlib.colormaps["Blues"].with_extremes(bad="0.88")
    ax.imshow(np.ma.masked_array(w, future), cmap=cmap, vmin=0.0, vmax=1.0)
    labels = ["␣" if c == " " else c for c in line]
    ax.set_xticks(range(T))
    ax.set_xticklabels(labels, fontsize=9, family="monospace")
    ax.set_yticks(range(T))
    ax.set_yticklabels(labels, fontsize=9, family="monospace")
    ax.set_xlabel("character looked at (key)")
    ax.set_ylabel("character reading (query)")
    ax.set_title(f"layer {layer + 1}, head {head + 1}: each row's weights sum to 1")
    return fig


def strongest(line: str, weights, layer: int, head: int, row: int = -1) -> tuple:
    """(position, character, weight) that ``row`` (default: the last) looks at hardest."""
    w = np.asarray(weights, dtype=np.float64)[layer, head, row]
    at = int(np.argmax(w))
    return at, line[at], float(w[at])


class VerseAttention:
    """Type a line, pick a layer and head, see where each character looks.

    ``VerseAttention(read, alphabet, layers, heads, value, longest=64).show()``.  In tests:
    set ``line.value`` and ``choice.value`` ((layer, head), from 0), then read
    ``image.value``, ``status.value`` and ``error``.
    """

    def __init__(self, read, alphabet: str, layers: int, heads: int, value: str,
                 longest: int = 64, dpi: int = DPI):
        import ipywidgets as widgets

        problem = check_prompt(value, alphabet, longest, "line")
        if problem:
            raise ValueError(f"VerseAttention: the starting line {value!r} is not valid: "
                             f"{problem}.")
        self.read, self.alphabet, self.longest, self.dpi = read, alphabet, int(longest), dpi
        self.line = widgets.Text(value=value, description="line:", continuous_update=False,
                                 style=LABEL, layout=widgets.Layout(width="460px"))
        options = [(f"layer {layer + 1}, head {head + 1}", (layer, head))
                   for layer in range(layers) for head in range(heads)]
        self.choice = widgets.Dropdown(options=options, value=(0, 0), description="show:",
                                       style=LABEL, layout=widgets.Layout(width="220px"))
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        self.error: str | None = None
        self.line.observe(self._on_line, names="value")
        self.choice.observe(lambda change: self.redraw(), names="value")
        self.box = widgets.VBox([widgets.HBox([self.line, self.choice]), self.status,
                                 self.image])
        self._read(value)
        self.redraw()

    def _read(self, text: str) -> None:
        weights = np.asarray(self.read(text), dtype=np.float64)
        T = len(text)
        if weights.ndim != 4 or weights.shape[2:] != (T, T):
            raise ValueError(f"read(line) must return weights of shape (layers, heads, {T}, "
                             f"{T}) for a line of {T} characters; got {weights.shape}.")
        self.text, self.weights = text, weights

    def _on_line(self, change) -> None:
        text = str(change["new"])
        self.error = check_prompt(text, self.alphabet, self.longest, "line")
        if self.error is None:
            self._read(text)
            self.redraw()
        else:
            self.status.value = self.status_text()

    def status_text(self) -> str:
        layer, head = self.choice.value
        at, char, weight = strongest(self.text, self.weights, layer, head)
        shown = (f"the last character, {_esc(_named(self.text[-1]))}, looks hardest at "
                 f"position {at + 1}, {_esc(_named(char))} (weight {weight:.2f})")
        if self.error:
            return (f'<span style="color:{WRONG}"><b>{_esc(self.error)}.</b></span> '
                    f"The picture still shows the last valid line: {shown}.")
        return shown + "."

    def redraw(self) -> None:
        layer, head = self.choice.value
        show(self.image, draw_attention(self.text, self.weights, layer, head, dpi=self.dpi))
        self.status.value = self.status_text()

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
