"""A widget's saved state, drawn as plain HTML for the course site.

An executed notebook keeps every widget's last state in its metadata (``classroom.execute``
saves it).  A live page would need the widget JavaScript, a require.js and a kernel to do
anything; without a kernel the controls would move but change nothing.  The site instead
shows each widget as it was when the notebook was last run: pictures as images, HTML
panels as HTML, and the controls as disabled controls holding their last values.

:func:`render` turns one output's widget (by model id) into HTML; :func:`snapshot_notebook`
replaces every widget output of a notebook with it.  A model kind not drawn here raises
:class:`UnknownWidget`, so a new widget cannot silently vanish from the site.
"""

from __future__ import annotations

import html

STATE_KEY = "application/vnd.jupyter.widget-state+json"
VIEW_KEY = "application/vnd.jupyter.widget-view+json"
REF = "IPY_MODEL_"
NOTE = ("saved state of an interactive widget: open the notebook and run it "
        "(Run → Run All Cells) to use it")


class UnknownWidget(ValueError):
    """A widget model this module does not know how to draw."""


class Snapshot:
    """Draws widgets from one notebook's saved widget state."""

    def __init__(self, state: dict):
        self.models = state.get("state", {})

    # -- helpers ---------------------------------------------------------------------------
    def model(self, ref: str) -> dict:
        model_id = ref[len(REF):] if ref.startswith(REF) else ref
        if model_id not in self.models:
            raise KeyError(f"widget model {model_id} is not in the saved widget state")
        return self.models[model_id]

    def layout(self, state: dict) -> dict:
        ref = state.get("layout")
        return self.model(ref)["state"] if isinstance(ref, str) and ref else {}

    def style(self, state: dict, **extra) -> str:
        """The CSS of a widget's Layout (the properties our widgets set), plus ``extra``."""
        css = {}
        for key, value in self.layout(state).items():
            if key.startswith("_") or value in (None, ""):
                continue
            if key in ("width", "height", "min_width", "max_width", "flex", "display",
                       "align_items", "justify_content", "margin", "padding",
                       "grid_template_columns"):
                css[key.replace("_", "-")] = str(value)
        css.update({k.replace("_", "-"): v for k, v in extra.items()})
        return "; ".join(f"{k}: {v}" for k, v in css.items())

    @staticmethod
    def label(state: dict) -> str:
        text = state.get("description") or ""
        return f'<span class="mg-label">{html.escape(text)}</span>' if text else ""

    # -- drawing -----------------------------------------------------------------------------
    def render(self, ref: str) -> str:
        entry = self.model(ref)
        name, state = entry["model_name"], entry["state"]
        draw = getattr(self, "_" + name, None)
        if draw is None:
            raise UnknownWidget(f"the site cannot draw a {name} widget yet (add a _{name} "
                                f"method to classroom/site/snapshot.py)")
        return draw(state, entry)

    def _box(self, state, direction):
        children = "".join(self.render(child) for child in state.get("children", []))
        style = self.style(state, display="flex", flex_direction=direction, gap="4px",
                           align_items="flex-start" if direction == "column" else "center",
                           flex_wrap="wrap")
        return f'<div class="mg-box" style="{style}">{children}</div>'

    def _VBoxModel(self, state, entry):
        return self._box(state, "column")

    def _HBoxModel(self, state, entry):
        return self._box(state, "row")

    _BoxModel = _VBoxModel

    def _GridBoxModel(self, state, entry):
        children = "".join(self.render(child) for child in state.get("children", []))
        style = self.style(state, display="grid", gap="4px")
        return f'<div class="mg-box" style="{style}">{children}</div>'

    def _ImageModel(self, state, entry):
        data = next((b["data"] for b in entry.get("buffers", []) if b.get("path") == ["value"]),
                    None)
        if data is None:
            return '<span class="mg-empty">(no picture saved)</span>'
        size = self.layout(state)
        width = str(size.get("width") or "").removesuffix("px")
        height = str(size.get("height") or "").removesuffix("px")
        dims = (f' width="{width}" height="{height}"'
                if width.isdigit() and height.isdigit() else "")
        return (f'<img class="mg-image" alt="the widget\'s picture"{dims} '
                f'src="data:image/{state.get("format", "png")};base64,{data}">')

    def _HTMLModel(self, state, entry):
        return f'<div class="mg-html">{state.get("value", "")}</div>'

    _HTMLMathModel = _HTMLModel

    def _LabelModel(self, state, entry):
        return f'<span class="mg-text">{html.escape(str(state.get("value", "")))}</span>'

    def _button(self, state, text, pressed=False):
        classes = "mg-button" + (" mg-pressed" if pressed else "")
        if state.get("button_style") == "primary":
            classes += " mg-primary"
        style = self.style(state)
        return (f'<button class="{classes}" style="{style}" disabled>'
                f'{html.escape(text)}</button>')

    def _ButtonModel(self, state, entry):
        return self._button(state, state.get("description", ""))

    def _ToggleButtonModel(self, state, entry):
        return self._button(state, state.get("description", ""), pressed=bool(state["value"]))

    def _ToggleButtonsModel(self, state, entry):
        buttons = "".join(self._button({}, text, pressed=i == state.get("index"))
                          for i, text in enumerate(state.get("_options_labels", [])))
        return f'<span class="mg-control">{self.label(state)}{buttons}</span>'

    def _DropdownModel(self, state, entry):
        labels, index = state.get("_options_labels", []), state.get("index")
        shown = labels[index] if index is not None and index < len(labels) else ""
        return (f'<span class="mg-control">{self.label(state)}<select disabled>'
                f'<option selected>{html.escape(shown)}</option></select></span>')

    def _CheckboxModel(self, state, entry):
        checked = " checked" if state.get("value") else ""
        return (f'<label class="mg-control"><input type="checkbox" disabled{checked}> '
                f'{html.escape(state.get("description", ""))}</label>')

    def _slider(self, state, value, shown):
        return (f'<span class="mg-control">{self.label(state)}<input type="range" disabled '
                f'min="{state.get("min", 0)}" max="{state.get("max", 100)}" '
                f'step="{state.get("step", 1)}" value="{value}">'
                f'<span class="mg-readout">{html.escape(shown)}</span></span>')

    @staticmethod
    def _format(value, spec) -> str:
        try:
            return format(value, spec or "")
        except (ValueError, TypeError):
            return str(value)

    def _IntSliderModel(self, state, entry):
        return self._slider(state, state["value"], str(state["value"]))

    def _FloatSliderModel(self, state, entry):
        return self._slider(state, state["value"],
                            self._format(state["value"], state.get("readout_format", ".2f")))

    def _FloatLogSliderModel(self, state, entry):
        import math

        exponent = math.log(state["value"], state.get("base", 10))
        return self._slider(state, exponent,
                            self._format(state["value"], state.get("readout_format", ".3g")))

    def _TextModel(self, state, entry):
        return (f'<span class="mg-control">{self.label(state)}<input type="text" disabled '
                f'value="{html.escape(state.get("value", ""), quote=True)}"></span>')

    def _TextareaModel(self, state, entry):
        rows = state.get("rows") or 4
        return (f'<span class="mg-control">{self.label(state)}<textarea disabled rows="{rows}" '
                f'style="{self.style(state)}">{html.escape(state.get("value", ""))}</textarea>'
                f'</span>')

    def _FloatTextModel(self, state, entry):
        return (f'<span class="mg-control">{self.label(state)}<input type="number" disabled '
                f'style="{self.style(state)}" value="{html.escape(str(state.get("value", "")))}">'
                f'</span>')

    _BoundedFloatTextModel = _IntTextModel = _BoundedIntTextModel = _FloatTextModel

    def _IntProgressModel(self, state, entry):
        return (f'<progress class="mg-progress" max="{state.get("max", 100)}" '
                f'value="{state.get("value", 0)}"></progress>')

    _FloatProgressModel = _IntProgressModel


def render(model_id: str, state: dict) -> str:
    """HTML for the widget ``model_id`` (and everything in it) from a notebook's saved
    widget state, inside a box that says it is a snapshot."""
    inner = Snapshot(state).render(model_id)
    return (f'<div class="mg-widget-snapshot">{inner}'
            f'<p class="mg-snapshot-note">{html.escape(NOTE)}</p></div>')


def snapshot_notebook(nb) -> int:
    """Replace each widget output of ``nb`` (nbformat, changed in place) with its HTML
    snapshot and drop the saved state; returns how many widgets were drawn.  A widget
    output whose model is not in the saved state keeps only its text."""
    state = nb.metadata.get("widgets", {}).get(STATE_KEY)
    drawn = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            view = data.get(VIEW_KEY)
            if not view:
                continue
            del data[VIEW_KEY]
            if state and view.get("model_id") in state.get("state", {}):
                data["text/html"] = render(view["model_id"], state)
                data.pop("text/plain", None)
                drawn += 1
    nb.metadata.pop("widgets", None)
    return drawn
