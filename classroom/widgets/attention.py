"""Chapter 13's widget: where a trained transformer looks, for an input you type.

The chapter's model reads a prompt of ``length`` characters, a separator, and then
writes its answer one token at a time (greedy decoding).  Every layer has several
attention heads, and each head has, for every position, a row of weights over the
positions it may see: one picture per head.

* :func:`validate` says what is wrong with a typed prompt (a character outside the
  vocabulary, the wrong length), or returns None;
* :func:`draw` draws one head's weights as a heatmap: a row per position that reads
  (labelled with its token, and on the right with the token the model writes next),
  a column per position it may look at; the future, which the causal mask hides, is
  grey;
* :class:`AttentionViewer`: a Text box for the prompt, a Dropdown for the layer and
  head, the picture and a status line.

The viewer does not know the model: it is given ``run(prompt) -> (tokens, weights)``,
where ``tokens`` is the whole sequence the model read and wrote (prompt, separator,
answer) and ``weights`` an array (layers, heads, T, T) for its first T = len(tokens) - 1
positions (the last token is written, never read).  The notebook builds ``run`` from its
model, and the tests from a stand-in.  Nothing is printed: every change replaces the
Image's PNG bytes and the HTML text.
"""

from __future__ import annotations

import html

import numpy as np

from .render import DPI, new_figure, show

RIGHT, WRONG = "#2a9d4b", "#d62728"


def validate(text: str, alphabet: str, length: int, what: str = "characters") -> str | None:
    """Why ``text`` cannot be the model's prompt (a sentence a learner can act on), or None.

    Every character must be one of ``alphabet``, and there must be exactly ``length`` of
    them; spaces around the text are ignored, spaces inside it are characters like any
    other.
    """
    text = text.strip()
    if not text:
        return f"type {length} {what} (from {_alphabet(alphabet)})"
    outside = sorted({c for c in text if c not in alphabet}, key=text.index)
    if outside:
        named = ", ".join("a space" if c == " " else repr(c) for c in outside)
        return (f"{named} {'is' if len(outside) == 1 else 'are'} not in the model's vocabulary: "
                f"use only {_alphabet(alphabet)}")
    if len(text) != length:
        return (f"the model was trained on exactly {length} {what}: you typed {len(text)}")
    return None


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _alphabet(alphabet: str) -> str:
    return f"the {len(alphabet)} {'digits' if alphabet.isdigit() else 'characters'} {alphabet}"


def check_reading(tokens, weights, length: int) -> np.ndarray:
    """``weights`` as an array (layers, heads, T, T), checked against ``tokens``."""
    weights = np.asarray(weights, dtype=np.float64)
    T = len(tokens) - 1
    if weights.ndim != 4 or weights.shape[2:] != (T, T):
        raise ValueError(f"run(prompt) must return the tokens and weights of shape (layers, "
                         f"heads, T, T) with T = len(tokens) - 1 = {T}; got weights of shape "
                         f"{weights.shape}.")
    if T <= length:
        raise ValueError(f"run(prompt) returned {len(tokens)} tokens: expected the prompt "
                         f"({length}), the separator and the answer.")
    return weights


def draw(tokens, weights, layer: int, head: int, length: int, dpi: int = DPI):
    """One head's attention weights as a heatmap (see the module's docstring)."""
    w = np.asarray(weights)[layer, head]
    T = w.shape[0]
    fig = new_figure(6.4, 5.6, dpi=dpi)
    ax = fig.subplots()
    future = np.triu(np.ones((T, T), dtype=bool), 1)
    cmap = _colormap()
    ax.imshow(np.ma.masked_array(w, future), cmap=cmap, vmin=0.0, vmax=1.0)
    labels = list(tokens[:T])
    ax.set_xticks(range(T))
    ax.set_xticklabels(labels, fontsize=10, family="monospace")
    ax.set_yticks(range(T))
    ax.set_yticklabels(labels, fontsize=10, family="monospace")
    ax.set_xlabel("position looked at (key)")
    ax.set_ylabel("position reading (query)")
    for edge in (length - 0.5, length + 0.5):          # frame the separator's row and column
        ax.axhline(edge, color="0.55", lw=0.6)
        ax.axvline(edge, color="0.55", lw=0.6)
    for r in range(length, T):                          # what each answer row writes
        ax.text(T - 0.2, r, f"→ {tokens[r + 1]}", ha="left", va="center", fontsize=10,
                family="monospace", clip_on=False)
    ax.text(T + 1.4, (length + T - 1) / 2, "token it writes next", rotation=90,
            ha="center", va="center", clip_on=False)
    ax.set_xlim(-0.5, T - 0.5)
    ax.set_ylim(T - 0.5, -0.5)
    for t in range(length, T):                          # numbers in the answer's strong cells
        for s in range(t + 1):
            if w[t, s] >= 0.3:
                ax.text(s, t, f"{w[t, s]:.1f}", ha="center", va="center", fontsize=9,
                        color="white" if w[t, s] > 0.6 else "black")
    ax.set_title(f"layer {layer + 1}, head {head + 1}: each row's weights sum to 1")
    return fig


def _colormap():
    import matplotlib

    return matplotlib.colormaps["Blues"].with_extremes(bad="0.88")


class AttentionViewer:
    """Type a prompt, pick a layer and head, see where each position looks.

    ``AttentionViewer(run, alphabet, length, layers, heads, value).show()`` displays it;
    ``target(prompt)``, when given, is the right answer, so the status line can say
    whether the model got it right.  In tests: set ``text.value`` and ``choice.value``
    ((layer, head), counted from 0), then read ``image.value``, ``status.value``,
    ``error`` and ``answer``.
    """

    def __init__(self, run, alphabet: str, length: int, layers: int, heads: int,
                 value: str, target=None, what: str = "digits", dpi: int = DPI):
        import ipywidgets as widgets

        problem = validate(value, alphabet, length, what)
        if problem:
            raise ValueError(f"AttentionViewer: the starting prompt {value!r} is not valid: "
                             f"{problem}.")
        self.run, self.target = run, target
        self.alphabet, self.length, self.what, self.dpi = alphabet, int(length), what, dpi
        self.text = widgets.Text(value=value, description=f"{what}:", continuous_update=False,
                                 layout=widgets.Layout(width="260px"))
        options = [(f"layer {layer + 1}, head {head + 1}", (layer, head))
                   for layer in range(layers) for head in range(heads)]
        self.choice = widgets.Dropdown(options=options, value=(0, 0), description="show:",
                                       layout=widgets.Layout(width="260px"))
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        self.error: str | None = None
        self.prompt = value
        self.tokens, self.weights = None, None
        self.text.observe(self._on_text, names="value")
        self.choice.observe(self._on_choice, names="value")
        self.box = widgets.VBox([widgets.HBox([self.text, self.choice]), self.status,
                                 self.image])
        self._read(value)
        self.redraw()

    @property
    def answer(self) -> str:
        """What the model wrote for the prompt shown."""
        return "".join(self.tokens[self.length + 1:])

    def _read(self, prompt: str) -> None:
        tokens, weights = self.run(prompt)
        tokens = [str(t) for t in tokens]
        self.weights = check_reading(tokens, weights, self.length)
        self.tokens, self.prompt = tokens, prompt

    # -- callbacks (never print) ------------------------------------------------------------
    def _on_text(self, change) -> None:
        prompt = str(change["new"]).strip()
        self.error = validate(prompt, self.alphabet, self.length, self.what)
        if self.error is None:
            self._read(prompt)
            self.redraw()
        else:
            self.status.value = self.status_text()

    def _on_choice(self, change) -> None:
        self.redraw()

    # -- output -----------------------------------------------------------------------------
    def status_text(self) -> str:
        shown = (f"the model read <code>{_escape(self.prompt)}</code> and wrote "
                 f"<code>{_escape(self.answer)}</code>")
        if self.target is not None:
            right = self.target(self.prompt)
            if self.answer == right:
                shown += f' <span style="color:{RIGHT}">(right)</span>'
            else:
                wrong = sum(a != b for a, b in zip(self.answer, right))
                differ = "1 token differs" if wrong == 1 else f"{wrong} tokens differ"
                shown += (f' <span style="color:{WRONG}">(wrong: the answer is '
                          f'<code>{_escape(right)}</code>, {differ})</span>')
        if self.error:
            return (f'<span style="color:{WRONG}"><b>{_escape(self.error)}.</b></span> '
                    f"The picture still shows the last valid input: {shown}.")
        return shown + "."

    def redraw(self) -> None:
        layer, head = self.choice.value
        show(self.image, draw(self.tokens, self.weights, layer, head, self.length,
                              dpi=self.dpi))
        self.status.value = self.status_text()

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
