"""The course map: each chapter's file, title, one-line summary, reading time, and the
minigrad features it introduces.

``tests/test_chapters.py`` reads every ``chapters/NN_topic.ipynb`` and fails when a
chapter imports (or uses as ``mg.<name>``) a feature that a *later* chapter
introduces, so the package and the lessons cannot drift apart.  A feature is named by
its path inside the package: ``"Tensor"``, ``"autograd.record"``, ``"nn"``,
``"classroom.widgets.graph"`` (importing a module counts as using every name in it).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Chapter:
    number: int
    slug: str
    title: str
    summary: str
    minutes: int
    features: frozenset = field(default_factory=frozenset)
    #: Features used before the chapter that teaches them, as black boxes (chapter 0 checks
    #: its graph's gradients with minigrad's Tensor and gradcheck, taught in chapters 1-3).
    preview: frozenset = field(default_factory=frozenset)

    @property
    def notebook(self) -> str:
        return f"{self.number:02d}_{self.slug}.ipynb"


def _f(*names: str) -> frozenset:
    return frozenset(names)


CHAPTERS = [
    Chapter(0, "computational_graph", "The computational graph, built first and run later",
            "a static graph of nodes and gates: the sigmoid on a grid, then reverse mode on it",
            40, _f("classroom.designs", "classroom.designs.static_graph",
                   "classroom.widgets.static_graph"),
            preview=_f("Tensor", "gradcheck")),
    Chapter(1, "tensor", "Tensor",
            "why frameworks exist; a tensor is an array with a memory of where it came from",
            25, _f("Tensor", "DEFAULT_DTYPE", "REGISTRY", "tensor_method", "tensor",
                   "classroom.widgets.render", "classroom.widgets.tensor")),
    Chapter(2, "add_neg", "add and neg: the computation graph",
            "creators, backward for add, accumulating gradients, and why a topological order",
            40, _f("autograd", "autograd.record", "add", "neg", "sub", "backward",
                   "topological_order", "ops", "ops.add_neg", "classroom.widgets.graph")),
    Chapter(3, "mul_mm", "mul and mm: the product rule and matrix gradients",
            "mul, matrix multiplication's gradient from shapes, and checking gradients numerically",
            40, _f("mul", "mm", "matmul", "transpose", "permute", "ops.mul_mm", "gradcheck",
                   "GradcheckError", "GradcheckResult", "classroom.widgets.matmul")),
    Chapter(4, "sum_expand", "sum, expand and broadcasting",
            "reductions and copies as each other's backward; undoing broadcasting; pow and division",
            45, _f("sum", "mean", "expand", "broadcast_to", "reshape", "ops.sum_expand",
                   "broadcasting", "sum_to", "broadcast_axes", "pow", "truediv", "div",
                   "ops.pow_div", "ShapeError", "errors", "classroom.widgets.broadcast")),
    Chapter(5, "sgd", "Training with SGD",
            "a 2-3-1 network trained by hand and by autograd, an optimizer, and the learning rate",
            45, _f("exp", "log", "tanh", "sigmoid", "relu", "ops.elementwise",
                   "no_grad", "enable_grad", "is_grad_enabled", "optim",
                   "optim.SGD", "manual_seed", "random", "data", "data.toy4",
                   "data.linear_regression", "classroom.widgets.learning_rate")),
    Chapter(6, "layers", "Layers, modules and losses",
            "Module, Linear, Sequential, activations and MSE; why depth needs a nonlinearity",
            45, _f("nn", "nn.Module", "nn.Parameter", "nn.Linear", "nn.Sequential", "nn.ReLU",
                   "nn.Sigmoid", "nn.Tanh", "nn.MSELoss", "nn.functional", "data.product",
                   "data.xor", "data.DataLoader", "train", "train.fit", "train.plot_losses",
                   "train.plot_history", "train.History", "classroom.widgets.fit")),
    Chapter(7, "closures", "Layers as closures",
            "every layer returns its output and a backward function: no graph object at all",
            35, _f("classroom.designs.closures", "classroom.widgets.closures")),
    Chapter(8, "classifier", "A digit classifier",
            "softmax and cross-entropy from first principles, then an MLP on real handwriting",
            45, _f("getitem", "ops.indexing",
                   "nn.CrossEntropyLoss", "nn.functional.softmax", "nn.functional.log_softmax",
                   "nn.functional.cross_entropy", "nn.softmax", "nn.log_softmax",
                   "optim.Adam", "data.load_digits", "data.load_mnist", "data.MnistUnavailable",
                   "data.standardize", "data.shifted_copies", "train.evaluate",
                   "train.accuracy", "examples", "examples.classifier",
                   "classroom.widgets.classifier")),
    Chapter(9, "recurrent", "A recurrent network",
            "an RNN fitting sin(x)·cos(x): backprop through time as one long graph",
            40, _f("nn.RNNCell", "nn.Embedding", "classroom.widgets.recurrent")),
    Chapter(10, "designs_compared", "Five designs compared",
            "static graph, closures, creator tape, depth-first walk and minigrad's tape: same "
            "gradients, different costs",
            40, _f("classroom.designs.depth_first", "classroom.designs.creator_tape",
                   "classroom.widgets.designs")),
    Chapter(11, "deep_networks", "Making deep networks train",
            "why deep networks stall or explode, measured layer by layer; the fixes "
            "(initialisation, normalisation, residuals, optimizers) compared fairly over seeds; "
            "forward hooks and update ratios while training",
            60, _f("nn.init", "nn.BatchNorm1d", "nn.LayerNorm", "nn.norm",
                   "nn.functional.batch_norm", "nn.functional.layer_norm", "nn.utils",
                   "nn.utils.clip_grad_norm_", "nn.utils.clip_grad_value_",
                   "optim.lr_scheduler", "classroom.widgets.deep_networks")),
    Chapter(12, "convolution", "Convolution",
            "a sliding dot product, as loops and as im2col plus one matrix product; its "
            "backward, padding, stride and pooling; a kernel learned from examples and 1×1 "
            "convolutions; a conv net against chapter 8's MLP, then with BatchNorm2d and a "
            "residual block",
            65, _f("nn.conv", "nn.pooling", "nn.Conv2d", "nn.MaxPool2d", "nn.AvgPool2d",
                   "nn.Flatten", "nn.BatchNorm2d", "nn.functional.conv2d", "nn.functional.max_pool2d",
                   "nn.functional.avg_pool2d", "classroom.widgets.convolution",
                   "classroom.widgets.layer_shapes")),
    Chapter(13, "attention", "Attention and a small transformer",
            "queries, keys and values, the causal mask and what it prevents, heads and blocks: "
            "a tiny GPT that reverses digits; attention's T² cost and a KV cache",
            60, _f("nn.attention", "nn.functional.scaled_dot_product_attention",
                   "nn.MultiheadAttention", "nn.TransformerEncoderLayer",
                   "classroom.widgets.attention")),
    Chapter(14, "language_model", "A language model on real text",
            "Shakespeare as characters, windows and baselines; a GPT trained for 2,000 steps "
            "and watched; sampling with temperature and top-k, a KV cache, perplexity",
            50, _f("examples.char_lm", "nn.Dropout", "nn.functional.dropout",
                   "classroom.widgets.language_model")),
]

#: Available to every chapter: the course package itself, its check/hint/solution functions,
#: the course map, and the (empty) ``widgets`` package that holds each chapter's widget module.
ALWAYS = _f("classroom", "classroom.check", "classroom.hint", "classroom.solution",
            "classroom.exercises", "classroom.exercises.check", "classroom.exercises.hint",
            "classroom.exercises.solution", "classroom.chapters", "classroom.widgets")


def introduced_in(feature: str) -> int | None:
    """The chapter that introduces ``feature`` (or a parent of it), or None if no chapter does."""
    parts = feature.split(".")
    for depth in range(len(parts), 0, -1):
        name = ".".join(parts[:depth])
        for chapter in CHAPTERS:
            if name in chapter.features:
                return chapter.number
    return None
