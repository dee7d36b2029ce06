"""Chapter 12's widgets: what a convolution does to a digit, and what a trained one looks for.

* :class:`KernelEditor`: nine number boxes hold a 3×3 kernel (or pick a preset: edge
  detectors, blur, sharpen, a shift); a slider picks a digit.  The picture shows the
  digit, the kernel, the feature map ``F.conv2d`` makes of it (padding 1, so it keeps
  the digit's size) and that map after a ReLU, redrawn on every change.
* :class:`FilterViewer`: for a trained conv net, one filter at a time: the test images
  whose strongest response to it is largest, each with a box around the pixels that
  response sees (its *receptive field*), the average of those patches, and for a
  first-layer filter its own weights.

Both draw with matplotlib into an ``ipywidgets.Image`` (shown at the size it was drawn,
through :func:`classroom.widgets.render.show`) and write text into an ``ipywidgets.HTML``;
nothing is printed.  The pure helpers (:func:`feature_map`,
:func:`receptive_field`, :func:`strongest`) need no widgets and are tested on their own.
"""

from __future__ import annotations

import numpy as np

from minigrad.autograd import no_grad
from minigrad.nn import functional as F
from minigrad.nn.conv import Conv2d
from minigrad.nn.pooling import AvgPool2d, MaxPool2d
from minigrad.tensor import Tensor
from .render import new_figure, show

#: Kernels worth trying, as (name, 3×3 weights).  With the deep-learning convention (no
#: flip), "shift right" moves the picture one pixel to the right.
PRESETS = {
    "identity": [[0, 0, 0], [0, 1, 0], [0, 0, 0]],
    "blur (mean of 3×3)": [[1 / 9] * 3] * 3,
    "sharpen": [[0, -1, 0], [-1, 5, -1], [0, -1, 0]],
    "vertical edges (Sobel x)": [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]],
    "horizontal edges (Sobel y)": [[-1, -2, -1], [0, 0, 0], [1, 2, 1]],
    "outline (Laplacian)": [[-1, -1, -1], [-1, 8, -1], [-1, -1, -1]],
    "diagonal strokes ↘": [[2, -1, -1], [-1, 2, -1], [-1, -1, 2]],
    "shift right": [[0, 0, 0], [1, 0, 0], [0, 0, 0]],
}
CUSTOM = "custom (edit the boxes)"
#: The range a kernel box accepts; larger weights only rescale the picture.
LIMIT = 20.0


def feature_map(image, kernel, padding: int = 1) -> np.ndarray:
    """The 2-D feature map ``F.conv2d`` makes of one grey image with one kernel."""
    image = np.asarray(image, dtype=np.float64)
    kernel = np.asarray(kernel, dtype=np.float64)
    if image.ndim != 2 or kernel.ndim != 2:
        raise ValueError(f"feature_map: expected a 2-D image and a 2-D kernel, got shapes "
                         f"{image.shape} and {kernel.shape}.")
    with no_grad():
        out = F.conv2d(Tensor(image[None, None]), Tensor(kernel[None, None]), padding=padding)
    return out.data[0, 0]


def _symmetric(ax, values, title, cmap="RdBu_r", numbers=False):
    """Draw ``values`` with a colour scale centred on 0 (blue negative, red positive)."""
    top = float(np.abs(values).max()) or 1.0
    shown = ax.imshow(values, cmap=cmap, vmin=-top, vmax=top, interpolation="nearest")
    if numbers:
        for (i, j), v in np.ndenumerate(values):
            text = f"{v:.2f}".rstrip("0").rstrip(".") if abs(v - round(v)) > 1e-9 else f"{v:.0f}"
            ax.text(j, i, text, ha="center", va="center", fontsize=10,
                    color="white" if abs(v) > 0.6 * top else "black")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title, fontsize=10)
    return shown


def draw_kernel_effect(image, kernel, label=None, dpi: int = 100):
    """Four panels: the digit, the kernel, the feature map, the feature map after ReLU."""
    image = np.asarray(image, dtype=np.float64)
    kernel = np.asarray(kernel, dtype=np.float64)
    fmap = feature_map(image, kernel)
    fig = new_figure(10.0, 2.9, dpi=dpi)
    axes = fig.subplots(1, 4)
    axes[0].imshow(image, cmap="gray_r", interpolation="nearest")
    axes[0].set_xticks([])
    axes[0].set_yticks([])
    axes[0].set_title("the digit" + (f" (a {label})" if label is not None else ""), fontsize=10)
    _symmetric(axes[1], kernel, "the kernel", numbers=True)
    shown = _symmetric(axes[2], fmap, "feature map")
    fig.colorbar(shown, ax=axes[2], fraction=0.046, pad=0.04)
    relu = np.maximum(fmap, 0)
    axes[3].imshow(relu, cmap="Reds", vmin=0, vmax=max(float(relu.max()), 1e-12),
                   interpolation="nearest")
    axes[3].set_xticks([])
    axes[3].set_yticks([])
    axes[3].set_title("after ReLU", fontsize=10)
    fig.subplots_adjust(wspace=0.25)
    return fig


def describe_kernel(kernel, fmap) -> str:
    """One line about the kernel and its map: what its sum means, and the map's range."""
    kernel = np.asarray(kernel, dtype=np.float64)
    total = float(kernel.sum())
    if abs(total) < 1e-9:
        meaning = ("the weights sum to 0, so a patch of constant brightness gives 0: only "
                   "<b>changes</b> (edges, strokes) show up")
    elif abs(total - 1) < 1e-9:
        meaning = "the weights sum to 1, so a patch of constant brightness keeps its value"
    else:
        meaning = f"the weights sum to {total:g}, so a patch of constant brightness is scaled by that"
    kept = int((np.asarray(fmap) > 0).sum())
    return (f"{meaning}. Feature map from {float(np.min(fmap)):.2f} to "
            f"{float(np.max(fmap)):.2f}; {kept} of {np.size(fmap)} values survive the ReLU.")


class KernelEditor:
    """Edit a 3×3 kernel and watch the feature map of a digit change.

    ``images``: (N, h, w) grey images (e.g. the 8×8 digits); ``labels``: optional (N,)
    labels for the titles.  In tests: set ``preset.value`` (a key of :data:`PRESETS`),
    a box's ``.value`` (``boxes[i][j]``), or ``index.value``; then read ``kernel``,
    ``image.value`` and ``status.value``.  Editing a box switches the preset to
    :data:`CUSTOM`; choosing a preset fills the boxes.
    """

    def __init__(self, images, labels=None, preset: str = "vertical edges (Sobel x)",
                 index: int = 0, dpi: int = 100):
        import ipywidgets as widgets

        images = np.asarray(images, dtype=np.float64)
        if images.ndim != 3 or images.shape[0] == 0:
            raise ValueError(f"KernelEditor: images must have shape (N, height, width) with "
                             f"N >= 1, got {images.shape}.")
        if labels is not None and len(labels) != len(images):
            raise ValueError(f"KernelEditor: {len(images)} images but {len(labels)} labels.")
        if preset not in PRESETS:
            raise ValueError(f"KernelEditor: unknown preset {preset!r}; choose one of "
                             f"{', '.join(PRESETS)}.")
        self.images = images
        self.labels = None if labels is None else np.asarray(labels)
        self.dpi = dpi
        self._quiet = False

        self.preset = widgets.Dropdown(options=list(PRESETS) + [CUSTOM], value=preset,
                                       description="kernel:",
                                       layout=widgets.Layout(width="330px"))
        self.index = widgets.IntSlider(value=int(index), min=0, max=len(images) - 1,
                                       description="digit #:", continuous_update=False)
        self.boxes = [[widgets.BoundedFloatText(value=0.0, min=-LIMIT, max=LIMIT, step=0.5,
                                                layout=widgets.Layout(width="72px"))
                       for _ in range(3)] for _ in range(3)]
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()

        self._fill(PRESETS[preset])
        self.preset.observe(self._on_preset, names="value")
        self.index.observe(lambda _change: self.redraw(), names="value")
        for row in self.boxes:
            for box in row:
                box.observe(self._on_box, names="value")
        grid = widgets.GridBox([box for row in self.boxes for box in row],
                               layout=widgets.Layout(grid_template_columns="repeat(3, 76px)"))
        self.box = widgets.VBox([widgets.HBox([self.preset, self.index]),
                                 widgets.HBox([widgets.HTML("<b>weights</b>&nbsp;"), grid]),
                                 self.status, self.image])
        self.redraw()

    @property
    def kernel(self) -> np.ndarray:
        """The 3×3 kernel in use: a preset's exact weights while one is chosen (the boxes
        show them rounded to 4 decimals, so blur's 1/9 reads 0.1111), else what the boxes
        hold."""
        if self.preset.value in PRESETS:
            return np.array(PRESETS[self.preset.value], dtype=np.float64)
        return np.array([[box.value for box in row] for row in self.boxes], dtype=np.float64)

    def _fill(self, weights) -> None:
        self._quiet = True
        try:
            for row, values in zip(self.boxes, np.asarray(weights, dtype=np.float64)):
                for box, value in zip(row, values):
                    box.value = round(float(value), 4)
        finally:
            self._quiet = False

    def _on_preset(self, change) -> None:
        if change["new"] in PRESETS:
            self._fill(PRESETS[change["new"]])
        self.redraw()

    def _on_box(self, _change) -> None:
        if self._quiet:
            return
        if self.preset.value != CUSTOM:
            self._quiet = True
            try:
                self.preset.value = CUSTOM
            finally:
                self._quiet = False
        self.redraw()

    def redraw(self) -> None:
        if self._quiet:
            return
        i = self.index.value
        kernel = self.kernel
        label = None if self.labels is None else self.labels[i]
        show(self.image, draw_kernel_effect(self.images[i], kernel, label, self.dpi))
        self.status.value = describe_kernel(kernel, feature_map(self.images[i], kernel))

    def show(self) -> None:
        from IPython.display import display

        display(self.box)


# -- what trained filters respond to -------------------------------------------------------------
def _pair(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value, value)


def receptive_field(layers) -> tuple:
    """``(size, jump, offset)`` per image axis for the output of ``layers`` (Conv2d, pooling
    and elementwise layers, in order): output position ``i`` sees input pixels
    ``i·jump + offset`` … ``i·jump + offset + size − 1`` along that axis (rows, then columns).

    Each layer with kernel k, stride s, padding p and dilation d widens what one position
    sees by (k − 1)·d input steps, multiplies the step by s, and moves the start back by p
    steps.
    """
    fields = [(1, 1, 0), (1, 1, 0)]
    for layer in layers:
        if isinstance(layer, (Conv2d, MaxPool2d, AvgPool2d)):
            kernel = _pair(layer.kernel_size)
            stride = _pair(layer.stride if layer.stride is not None else layer.kernel_size)
            padding = layer.padding
            if isinstance(padding, str):
                if padding == "same":
                    padding = tuple((d * (k - 1)) // 2 for k, d in
                                    zip(kernel, _pair(getattr(layer, "dilation", 1))))
                else:
                    padding = (0, 0)
            padding = _pair(padding)
            dilation = _pair(getattr(layer, "dilation", 1))
            fields = [(size + (k - 1) * d * jump, jump * s, offset - p * jump)
                      for (size, jump, offset), k, s, p, d
                      in zip(fields, kernel, stride, padding, dilation)]
    return tuple(fields)


def strongest(activations: np.ndarray, channel: int, top: int) -> list:
    """The ``top`` images whose largest response in ``channel`` is largest: a list of
    ``(image index, row, column, value)``, strongest first (ties: the lower index first).

    ``activations`` has shape (N, channels, rows, columns).
    """
    maps = np.asarray(activations)[:, channel]
    flat = maps.reshape(len(maps), -1)
    where = flat.argmax(axis=1)
    best = flat[np.arange(len(flat)), where]
    order = np.lexsort((np.arange(len(best)), -best))[:top]
    width = maps.shape[-1]
    return [(int(n), int(where[n] // width), int(where[n] % width), float(best[n]))
            for n in order]


def patch_box(row: int, col: int, fields, shape) -> tuple:
    """The input pixels (top, left, bottom, right), inclusive and clipped to ``shape``, that
    the output position (row, col) sees."""
    (size_r, jump_r, off_r), (size_c, jump_c, off_c) = fields
    top, left = row * jump_r + off_r, col * jump_c + off_c
    bottom, right = top + size_r - 1, left + size_c - 1
    return (max(top, 0), max(left, 0), min(bottom, shape[0] - 1), min(right, shape[1] - 1))


def cut_patch(image, row: int, col: int, fields) -> np.ndarray:
    """The receptive field of (row, col) cut out of ``image``, zeros where it hangs over
    the edge (the padding the layers added)."""
    (size_r, jump_r, off_r), (size_c, jump_c, off_c) = fields
    top, left = row * jump_r + off_r, col * jump_c + off_c
    out = np.zeros((size_r, size_c))
    h, w = image.shape
    r0, c0 = max(top, 0), max(left, 0)
    r1, c1 = min(top + size_r, h), min(left + size_c, w)
    if r0 < r1 and c0 < c1:
        out[r0 - top:r1 - top, c0 - left:c1 - left] = image[r0:r1, c0:c1]
    return out


class FilterViewer:
    """What each filter of a trained conv net responds to.

    ``model``: an ``nn.Sequential`` whose first layers are Conv2d / pooling / activations;
    ``images``: (N, 1, h, w) inputs exactly as the model takes them; ``pictures``: the same
    images for drawing, (N, h, w) (e.g. before standardising); ``labels``: optional (N,).

    For the chosen convolution and filter it runs the model up to that convolution (its
    output before the ReLU), finds the ``top`` images whose largest response is largest,
    and draws them with a box around the pixels that response depends on.  In tests: set
    ``layer.value`` (an index into the model) and ``channel.value``; then read
    ``selection``, ``image.value`` and ``status.value``.
    """

    def __init__(self, model, images, pictures, labels=None, top: int = 6, dpi: int = 100):
        import ipywidgets as widgets

        self.model = model
        self.images = np.asarray(images)
        self.pictures = np.asarray(pictures, dtype=np.float64)
        if self.images.ndim != 4:
            raise ValueError(f"FilterViewer: images must be (N, channels, height, width) as "
                             f"the model takes them, got {self.images.shape}.")
        if self.pictures.shape != (len(self.images),) + self.images.shape[2:]:
            raise ValueError(f"FilterViewer: pictures must be (N, height, width) = "
                             f"{(len(self.images),) + self.images.shape[2:]}, got "
                             f"{self.pictures.shape}.")
        self.labels = None if labels is None else np.asarray(labels)
        self.top, self.dpi = int(top), dpi
        layers = list(model)
        self.convs = [i for i, layer in enumerate(layers) if isinstance(layer, Conv2d)]
        if not self.convs:
            raise ValueError("FilterViewer: the model has no Conv2d layer.")
        self._cache = {}
        self.selection = []

        names = [(f"conv {k + 1} (layer {i}, {layers[i].out_channels} filters)", i)
                 for k, i in enumerate(self.convs)]
        self.layer = widgets.Dropdown(options=names, value=self.convs[0], description="layer:",
                                      layout=widgets.Layout(width="330px"))
        self.channel = widgets.IntSlider(value=0, min=0, max=layers[self.convs[0]].out_channels - 1,
                                         description="filter:", continuous_update=False)
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        self.layer.observe(self._on_layer, names="value")
        self.channel.observe(self._on_channel, names="value")
        self._quiet = False
        self.box = widgets.VBox([widgets.HBox([self.layer, self.channel]), self.status,
                                 self.image])
        self.redraw()

    def activations(self, layer: int) -> np.ndarray:
        """The output of model[0..layer] on every image (computed once per layer)."""
        if layer not in self._cache:
            was_training = getattr(self.model, "training", False)
            self.model.eval()
            try:
                with no_grad():
                    out = self.model[:layer + 1](Tensor(self.images)).data
            finally:
                if was_training:
                    self.model.train()
            self._cache[layer] = np.asarray(out, dtype=np.float64)
        return self._cache[layer]

    def _on_layer(self, change) -> None:
        self._quiet = True                  # one redraw at the end, not one per change
        try:
            self.channel.value = 0
            self.channel.max = self.model[change["new"]].out_channels - 1
        finally:
            self._quiet = False
        self.redraw()

    def _on_channel(self, _change) -> None:
        if not self._quiet:
            self.redraw()

    def redraw(self) -> None:
        layer, channel = self.layer.value, self.channel.value
        acts = self.activations(layer)
        fields = receptive_field(list(self.model)[:layer + 1])
        self.selection = strongest(acts, channel, self.top)
        weights = self.model[layer].weight.data[channel]
        first = layer == self.convs[0] and weights.shape[0] == 1
        show(self.image, self._draw(fields, weights[0] if first else None))
        size = f"{fields[0][0]}×{fields[1][0]}"
        which = self.convs.index(layer) + 1
        self.status.value = (
            f"filter {channel} of conv {which}: the {len(self.selection)} test images with the "
            f"strongest response (before the ReLU), each boxed where it is strongest. One "
            f"value of this layer depends on a {size}-pixel patch of the input (its receptive "
            f"field); the boxes are clipped at the image's edge.")

    def _draw(self, fields, weights):
        k = len(self.selection)
        extra = 2 if weights is not None else 1
        fig = new_figure(1.45 * (k + extra) + 0.3, 2.3, dpi=self.dpi)
        axes = fig.subplots(1, k + extra, squeeze=False)[0]
        patches = [cut_patch(self.pictures[n], r, c, fields) for n, r, c, _ in self.selection]
        column = 0
        if weights is not None:
            _symmetric(axes[0], weights, "weights")
            column = 1
        axes[column].imshow(np.mean(patches, axis=0), cmap="gray_r", interpolation="nearest")
        axes[column].set_title("mean of the\nboxed patches", fontsize=9)
        axes[column].set_xticks([])
        axes[column].set_yticks([])
        from matplotlib.patches import Rectangle

        for ax, (n, r, c, value) in zip(axes[column + 1:], self.selection):
            picture = self.pictures[n]
            ax.imshow(picture, cmap="gray_r", interpolation="nearest")
            top, left, bottom, right = patch_box(r, c, fields, picture.shape)
            ax.add_patch(Rectangle((left - 0.5, top - 0.5), right - left + 1, bottom - top + 1,
                                   fill=False, edgecolor="#d62728", linewidth=2))
            label = "" if self.labels is None else f"a {self.labels[n]}, "
            ax.set_title(f"{label}{value:.1f}", fontsize=9)
            ax.set_xticks([])
            ax.set_yticks([])
        return fig

    def show(self) -> None:
        from IPython.display import display

        display(self.box)

