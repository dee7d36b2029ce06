"""Chapter 6 exercises: a Linear layer, Sequential, collecting parameters, the MSE loss,
and (stretch) a two-layer network that learns y = x1·x2.

Answers subclass ``minigrad.nn.Module`` and use ``minigrad.nn.Parameter`` (the base
class and the parameter type), Tensor ops from chapters 1–5 (``@``, ``.T``, ``+``,
``-``, ``**``, ``.mean()``, ``.sigmoid()`` …) and ``minigrad.optim.SGD``; they write
Linear, Sequential, the parameter walk and the loss themselves instead of using
``minigrad.nn``'s versions.
"""

import contextlib
import math

import numpy as np

from minigrad.autograd import no_grad
from minigrad.data import product
from minigrad.nn import Linear as _LibLinear
from minigrad.nn import Module, Parameter
from minigrad.random import manual_seed
from minigrad.tensor import Tensor
from .core import Case, Exercise, broken
from .rules import Untouched, generators_kept, run_op

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from minigrad.nn import Module, Parameter
from minigrad.optim import SGD
from classroom import check, hint, solution"""


def grad_of(t, name):
    """``t``'s gradient as an array.  A missing gradient is reported as an error rather than
    as None, so that observations never compare None with an array."""
    if t.grad is None:
        raise RuntimeError(f"{name} received no gradient from backward: is it used in forward, "
                           f"and does it require a gradient?")
    return t.grad.data


def _output(out, what="forward"):
    if out is None:
        raise TypeError(f"{what} returned None: did it forget to `return` its result?")
    return out


def leaf(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)


def _seeded(shape, seed):
    return np.random.default_rng(seed).uniform(-1.0, 1.0, shape)


# -- 06.linear -------------------------------------------------------------------------------


def _describe(layer, name):
    """'Parameter (2, 3)', 'Tensor (2, 3)', 'missing', or the type of what is there."""
    value = getattr(layer, name, None)
    if value is None:
        return "missing"
    if isinstance(value, Tensor):
        kind = "Parameter" if isinstance(value, Parameter) else "Tensor"
        return f"{kind} {tuple(value.shape)}"
    return f"<{type(value).__name__}>"


def _linear_shapes(answer):
    layer = answer(3, 2)
    return {"weight (its type and shape)": _describe(layer, "weight"),
            "bias (its type and shape)": _describe(layer, "bias"),
            "how many tensors parameters() finds": len(list(layer.parameters()))}


def _linear_forward(in_features, out_features, batch, seed):
    def run(answer):
        layer = answer(in_features, out_features)
        W = _seeded((out_features, in_features), seed)
        b = _seeded((out_features,), seed + 1)
        layer.weight, layer.bias = Parameter(W), Parameter(b)
        x = leaf(_seeded((batch, in_features), seed + 2))
        kept = Untouched(x=x)
        out = _output(layer(x))
        kept.check("your forward")
        out.backward(_seeded((batch, out_features), seed + 3))
        return {"output": out, "gradient of weight": grad_of(layer.weight, "the weight"),
                "gradient of bias": grad_of(layer.bias, "the bias"),
                "gradient of the input": grad_of(x, "the input")}
    return run


def _linear_init(answer):
    with generators_kept():
        manual_seed(0)
        layer = answer(16, 8)
    w = np.asarray(layer.weight.data, dtype=float)
    values = [w] + ([np.asarray(layer.bias.data, dtype=float)]
                    if isinstance(getattr(layer, "bias", None), Tensor) else [])
    return {"every initial value is within ±1/√in_features":
            bool(all(np.all(np.abs(v) <= 0.25) for v in values)),
            "the initial weights are not all equal": bool(np.ptp(w) > 0)}


def _linear_init_spread(answer):
    """Starting values drawn uniformly from all of [-1/√in, 1/√in], the bias too: with 256
    inputs the bound is 1/16, and 4096 weights (64 biases) drawn from it reach beyond
    0.9 (0.5) of it, however the draws are ordered, except with a chance below 1e-19."""
    with generators_kept():
        manual_seed(0)
        layer = answer(256, 64)
    bound = 1 / 16
    for name, share in (("weight", 0.9), ("bias", 0.5)):
        value = getattr(layer, name, None)
        if not isinstance(value, Tensor):
            continue
        v = np.abs(np.asarray(value.data, dtype=float))
        if not np.any(v):
            broken(f"your {name} starts at zero: the text asks for both the weight and the bias "
                   f"to start at random, uniformly in [-1/√in_features, 1/√in_features]")
        if np.max(v) < share * bound:
            broken(f"your starting {name} values stay within ±{np.max(v):.3g} for "
                   f"in_features = 256, a small part of [-1/√in_features, 1/√in_features]: "
                   f"check the bound you draw from (1/√in_features, the square root of the "
                   f"number of inputs)")
    return {"the starting values fill [-1/√in_features, 1/√in_features]": True}


def _starting_values(layer):
    return [np.array(getattr(layer, name).data, dtype=float) for name in ("weight", "bias")
            if isinstance(getattr(layer, name, None), Tensor)]


def _same_values(a, b) -> bool:
    return len(a) == len(b) and all(x.shape == y.shape and np.array_equal(x, y)
                                    for x, y in zip(a, b))


def _linear_random(answer):
    """Layers drawn from minigrad's generator: repeatable under mg.manual_seed, different
    for another seed and for the next layer, whatever NumPy's own generator does."""
    with generators_kept():
        made = {}
        for key, seed in (("first", 1), ("again", 1), ("other seed", 2)):
            np.random.seed(0)
            manual_seed(seed)
            made[key] = _starting_values(answer(4, 3))
        made["next layer"] = _starting_values(answer(4, 3))
    if not _same_values(made["first"], made["again"]):
        broken("two layers made right after the same mg.manual_seed(1) start from different "
               "values: draw them from minigrad's generator, mg.random.get_rng(), which "
               "mg.manual_seed restarts (NumPy's np.random is another generator)")
    if _same_values(made["first"], made["other seed"]):
        broken("your starting values do not change when mg.manual_seed changes: draw them from "
               "minigrad's generator, mg.random.get_rng(), not from a generator of your own "
               "(or np.random) with a fixed seed")
    if _same_values(made["other seed"], made["next layer"]):
        broken("two layers made one after the other start from the same values: take the "
               "generator with mg.random.get_rng() and draw from it, without seeding it again")
    return {"repeatable with mg.manual_seed": True}


LINEAR = Exercise(
    id="06.linear", title="a Linear layer", entry="Linear", points=1,
    forbids=("minigrad.nn.Linear", "minigrad.nn.functional.linear"),
    cases=[
        Case("Linear(3, 2): weight should be a (2, 3) Parameter, bias a (2,) Parameter, and "
             "parameters() should find both", _linear_shapes),
        Case("a batch of 4 inputs through Linear(3, 2), with weight and bias set by the "
             "checker: the output, then the gradients after backward", _linear_forward(3, 2, 4, 0)),
        Case("Linear(16, 8) as created: small random starting values", _linear_init),
        Case("Linear(256, 64) made after mg.manual_seed(0): weight and bias start spread over "
             "all of [-1/√in_features, 1/√in_features]", _linear_init_spread),
        Case("Linear(4, 3) made after mg.manual_seed(1) twice, after mg.manual_seed(2), and "
             "once more: starting values drawn from minigrad's generator", _linear_random),
    ],
    mistakes={
        "LinearTransposed":
            "the weight's shape is transposed: a Linear layer stores weight as (out_features, "
            "in_features), one row per output, and computes x @ weight.T + bias",
        "LinearNoBias":
            "forgot the bias: every output needs its own learned offset, so create "
            "self.bias = Parameter(...) of shape (out_features,) and add it in forward",
        "LinearZeros":
            "all the weights start out equal (zeros?): every output unit then computes the same "
            "thing and receives the same gradient, so they can never become different. Draw "
            "the starting values at random, uniformly in [-1/√in_features, 1/√in_features]",
        "LinearPlainTensors":
            "weight and bias are plain Tensors: they compute the right thing, but a Module only "
            "counts Parameters as its learned tensors, so parameters() (and any optimizer built "
            "from it) never sees yours. Wrap the starting values in Parameter(...)",
    },
    hints=[
        "In `__init__`, call `super().__init__()`, then make two Parameters: self.weight with "
        "one row per output, and self.bias with one number per output. forward gets a batch of "
        "shape (N, in_features) and must use Tensor operations, so that gradients flow.",
        "The usual slips: the weight's layout is (out_features, in_features), so forward needs "
        "its transpose; the starting values come from minigrad's generator "
        "(`mg.random.get_rng()`), not from NumPy's, uniformly within ±1/√in_features; and "
        "plain Tensors are not Parameters, so parameters() would not find them.",
        "Worked on Linear(4, 3): the bound is 1/√4 = 0.5, so `rng.uniform(-0.5, 0.5, (3, 4))` "
        "draws the weight and `rng.uniform(-0.5, 0.5, 3)` the bias. forward is "
        "`x @ self.weight.T + self.bias`.",
    ],
)


# -- 06.sequential ---------------------------------------------------------------------------


class _AddOne(Module):
    def forward(self, x):
        return x + 1.0


class _Double(Module):
    def forward(self, x):
        return x * 2.0


class _Square(Module):
    def forward(self, x):
        return x * x


class _Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def _fixed_linear(n_in, n_out, seed):
    return _LibLinear(n_in, n_out, rng=np.random.default_rng(seed))


def _order_case(make_layers, values):
    def run(answer):
        model = answer(*make_layers())
        return {"output": _output(model(leaf(values)))}
    return run


def _mlp_case(sizes, batch, seed):
    def run(answer):
        layers = []
        for i, (n_in, n_out) in enumerate(zip(sizes, sizes[1:])):
            if i:
                layers.append(_Sigmoid())
            layers.append(_fixed_linear(n_in, n_out, seed + i))
        model = answer(*layers)
        x = leaf(_seeded((batch, sizes[0]), seed + 100))
        out = _output(model(x))
        out.backward(_seeded((batch, sizes[-1]), seed + 101))
        linears = layers[::2]
        found = len(list(model.parameters()))
        if found < 2 * len(linears):
            broken(f"model.parameters() finds {found} of the model's {2 * len(linears)} "
                   f"parameters: Module.parameters() looks inside attributes that are modules "
                   f"and inside lists of them, so keep the layers in a list attribute")
        return {"output": out,
                "gradients of the weights": [grad_of(layer.weight, f"layer {2 * i}'s weight")
                                             for i, layer in enumerate(linears)],
                "gradient of the input": grad_of(x, "the input"),
                "how many tensors parameters() finds": len(list(model.parameters()))}
    return run


def _nested_case(answer):
    """A Sequential inside a Sequential: forward through both, and parameters() of the outer
    one finds the inner one's parameters too."""
    inner = answer(_fixed_linear(2, 3, 7), _Sigmoid())
    model = answer(inner, _fixed_linear(3, 2, 8), _Double())
    x = leaf(_seeded((4, 2), 9))
    out = _output(model(x))
    return {"output": out, "how many tensors parameters() finds": len(list(model.parameters()))}


def _two_models(answer):
    doubling, adding = answer(_Double()), answer(_AddOne(), _AddOne())
    x = [1.0, -2.0]
    return {"Sequential(Double())": _output(doubling(leaf(x))),
            "Sequential(AddOne(), AddOne())": _output(adding(leaf(x)))}


SEQUENTIAL = Exercise(
    id="06.sequential", title="Sequential", entry="Sequential", points=1,
    forbids=("minigrad.nn.Sequential",),
    cases=[
        Case("three layers that add 1, double, then square, on [1, 2, 3]: the layers must "
             "run in the order given", _order_case(lambda: [_AddOne(), _Double(), _Square()],
                                            [1.0, 2.0, 3.0])),
        Case("an empty Sequential() returns its input unchanged",
             _order_case(lambda: [], [[1.0, -2.0], [0.5, 4.0]])),
        Case("two models side by side, Sequential(Double()) and Sequential(AddOne(), AddOne()): "
             "each keeps its own layers", _two_models),
        Case("Sequential(Linear(2, 3), Sigmoid(), Linear(3, 1)) on a batch of 5: the output, "
             "the gradients after backward, and parameters() finding all 4 tensors",
             _mlp_case([2, 3, 1], 5, 0)),
        Case("a Sequential inside a Sequential: the output, and parameters() of the outer one "
             "finding the inner one's tensors too (4 in all)", _nested_case),
    ],
    mistakes={
        "SequentialReversed":
            "the layers ran in the wrong order: the first layer given must see the input first, "
            "and the last one produces the output",
        "SequentialSameInput":
            "each layer was applied to the original input, so only the last layer's result "
            "survives: feed every layer the previous layer's output (x = layer(x))",
        "SequentialNoReturn":
            "forward returned None: after the loop, `return` the output of the last layer",
    },
    hints=[
        "Store the layers in `__init__` (they arrive as `*layers`, a tuple) and, in forward, "
        "pass the data through them one after the other.",
        "Where learners slip: the layers belong in a list attribute made in `__init__` (that is "
        "where `Module.parameters()` looks, and a class attribute would be shared by every "
        "model), and each layer must get the previous layer's output, not the original input.",
        "Worked on Sequential(AddOne(), Double()) and x = 1: AddOne gives 2, Double gives 4, so "
        "forward returns 4; with no layers it returns x itself. The layers belong in a list made "
        "in __init__ (never in a class attribute, which every instance would share).",
    ],
)


# -- 06.parameters ---------------------------------------------------------------------------
class _Plain(Module):
    """A module of the checker's (its built-in walks are forbidden while 06.parameters is
    checked: see the exercise's ``forbids``)."""


class _Affine(_Plain):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = Parameter(np.zeros((n_out, n_in)))
        self.bias = Parameter(np.zeros(n_out))


class _Holder(_Plain):
    def __init__(self, **members):
        super().__init__()
        for name, value in members.items():
            setattr(self, name, value)


def _one_layer():
    layer = _Affine(3, 2)
    return layer, {"weight": layer.weight, "bias": layer.bias}


def _nested():
    first, second = _Affine(2, 4), _Affine(4, 1)
    model = _Holder(scale=Parameter(np.ones(1)), first=first, second=second)
    return model, {"scale": model.scale, "first.weight": first.weight, "first.bias": first.bias,
                   "second.weight": second.weight, "second.bias": second.bias}


def _in_a_list():
    layers = [_Affine(2, 3), _Affine(3, 3), _Affine(3, 1)]
    model = _Holder(layers=layers, size=3)
    named = {}
    for i, layer in enumerate(layers):
        named[f"layers[{i}].weight"], named[f"layers[{i}].bias"] = layer.weight, layer.bias
    return model, named


def _tied():
    encoder, decoder = _Affine(4, 4), _Affine(4, 4)
    decoder.weight = encoder.weight                       # weight tying: one Parameter, two layers
    model = _Holder(encoder=encoder, decoder=decoder)
    return model, {"shared weight": encoder.weight, "encoder.bias": encoder.bias,
                   "decoder.bias": decoder.bias}


def _with_constant():
    layer = _Affine(2, 2)
    model = _Holder(layer=layer, mask=Tensor(np.ones((2, 2))), name="demo", rate=0.5,
                    noise=Tensor(np.zeros(2), requires_grad=True))
    return model, {"layer.weight": layer.weight, "layer.bias": layer.bias,
                   "mask (a plain Tensor)": model.mask,
                   "noise (a plain Tensor that requires grad)": model.noise}


def _three_deep():
    blocks = (_Affine(2, 2), _Affine(2, 1))
    model = _Holder(body=_Holder(inner=_Holder(blocks=blocks)))
    return model, {"blocks[0].weight": blocks[0].weight, "blocks[0].bias": blocks[0].bias,
                   "blocks[1].weight": blocks[1].weight, "blocks[1].bias": blocks[1].bias}


def _layer_twice():
    block, head = _Affine(2, 2), _Affine(2, 1)
    model = _Holder(layers=[block, block, head])
    return model, {"block.weight": block.weight, "block.bias": block.bias,
                   "head.weight": head.weight, "head.bias": head.bias}


_TREES = [
    ("a layer with a weight and a bias", _one_layer),
    ("a model with a Parameter of its own and two layers as attributes (modules inside a "
     "module)", _nested),
    ("a model that keeps its layers in a list attribute", _in_a_list),
    ("two layers that share one weight Parameter (weight tying)", _tied),
    ("a model that also holds plain Tensors (not Parameters, one of them requiring a "
     "gradient), a string and a number", _with_constant),
    ("layers kept in a tuple, inside a module inside a module", _three_deep),
    ("one layer used twice in a list, [block, block, head]: its parameters are listed once",
     _layer_twice),
]


def _tree_case(build):
    def run(answer):
        root, named = build()
        names = {id(t): name for name, t in named.items()}
        result = answer(root)
        if not isinstance(result, list):
            what = ("None (did you forget to `return` it?)" if result is None
                    else f"a {type(result).__name__}")
            broken(f"parameters should return a list of Parameters, but yours returned {what}")
        return {"found": [names.get(id(t), "<something else>") for t in result]}
    return run


def _judge_parameters(triples):
    for case, obs, _ in triples:
        description = case.description
        if hasattr(obs, "kind"):     # Raised
            return f"for {description}: your code raised {obs.kind}: {obs.message}"
        found = obs.get("found") if isinstance(obs, dict) else None
        if not isinstance(found, list):
            what = found if isinstance(found, str) else type(found).__name__
            return (f"for {description}: parameters should return a list of Parameters, "
                    f"got {what}" + (" (did you forget to `return` it?)"
                                     if found == "<NoneType>" else ""))
        _, named = case.info()
        wanted = {n for n in named if "plain Tensor" not in n}
        if "<something else>" in found:
            return (f"for {description}: the list contains things that are not the model's "
                    f"tensors (modules, lists, numbers?): it should hold only Parameters")
        plain = [n for n in found if "plain Tensor" in n]
        if plain:
            return (f"for {description}: the {plain[0]} was listed. A Parameter is a Tensor, "
                    f"but not every Tensor is a Parameter: only Parameters are learned, so test "
                    f"isinstance(value, Parameter), not isinstance(value, Tensor)")
        for name in found:
            if found.count(name) > 1:
                return (f"for {description}: {name} appears {found.count(name)} times, but a "
                        f"parameter must be listed once even when two layers share it (an "
                        f"optimizer would update it twice per step): remember the ids of the "
                        f"parameters you have already listed")
        missing = [n for n in named if n in wanted and n not in found]
        attribute = {n: n.rsplit(".", 1)[-1] for n in named}
        if missing and any(attribute[m] == attribute[f] for m in missing for f in found):
            return (f"for {description}: parameters are missing ({', '.join(missing[:4])}), "
                    f"though you listed others with the same attribute name ("
                    f"{attribute[missing[0]]}): many parameters share a name (every layer "
                    f"has a weight), so remember what you have listed by identity (id(p)), "
                    f"not by name")
        if missing:
            return (f"for {description}: parameters are missing ({', '.join(missing[:4])}). "
                    f"Look inside every attribute that is a Module, and inside modules inside "
                    f"those (recursively), and inside lists and tuples of modules")
    return None


PARAMETERS = Exercise(
    id="06.parameters", title="collect a model's parameters", entry="parameters", points=2,
    forbids=tuple(f"minigrad.nn.Module.{name}" for name in (
        "parameters", "named_parameters", "modules", "named_modules", "children",
        "named_children", "_members", "state_dict", "num_parameters")),
    cases=[Case(d, _tree_case(b), info=b) for d, b in _TREES],
    judge=_judge_parameters,
    mistakes={},
    hints=[
        "`vars(module)` is a dict of the module's attributes. Three kinds of value matter: a "
        "Parameter (list it), a Module (look inside it too), and a list or tuple (look at each "
        "item). Everything else is skipped.",
        "Walk the tree with a stack (or recursion) of modules to visit. The sticking points: "
        "remember what you have listed by identity (`id`), since many parameters share an "
        "attribute name (every layer has a weight) and a shared parameter must appear once; "
        "and a plain Tensor is not a Parameter.",
        "Worked on a model holding a layer and a list [layer2, layer3]: `vars(model)` gives "
        "{'layer': ..., 'more': [...]}; the layer is a Module, so look inside it (its weight "
        "and bias are Parameters); the list's items are Modules too. For each value: `if "
        "isinstance(item, Parameter) and id(item) not in seen`.",
    ],
)


# -- 06.mse_loss -----------------------------------------------------------------------------


def _loss_case(shape, seed):
    def run(answer):
        prediction = leaf(_seeded(shape, seed))
        target = Tensor(_seeded(shape, seed + 1))
        loss_fn = answer()
        found = run_op(lambda: _output(loss_fn(prediction, target)),
                       {"prediction": prediction, "target": target},
                       lambda out: np.ones(out.shape), what="your MSELoss")
        return {"loss": found["value"],
                "gradient of the prediction": found.get("grad prediction")}
    return run


def _loss_mismatch(prediction_shape, target_shape, explain=False):
    def run(answer):
        prediction = leaf(_seeded(prediction_shape, 3))
        target = Tensor(_seeded(target_shape, 4))
        try:
            answer()(prediction, target)
        except ValueError:
            return {"raises a ValueError": True}
        if explain:
            broken(f"a {prediction_shape} prediction and a {target_shape} target were accepted: "
                   f"they have as many axes and as many numbers, but broadcasting still turns "
                   f"them into a grid. Compare the shapes themselves (prediction.shape != "
                   f"target.shape) and raise a ValueError when they differ")
        return {"raises a ValueError": False}
    return run


MSE_LOSS = Exercise(
    id="06.mse_loss", title="the mean squared error loss", entry="MSELoss", points=1,
    forbids=("minigrad.nn.MSELoss", "minigrad.nn.functional.mse_loss"),
    cases=[
        Case("a (4, 1) prediction and target: the loss, a single number of shape (), and "
             "the prediction's gradient after loss.backward()", _loss_case((4, 1), 0)),
        Case("a (3, 2) prediction and target: the loss and the prediction's gradient",
             _loss_case((3, 2), 10)),
        Case("a (4, 1) prediction against a (4,) target must raise a ValueError",
             _loss_mismatch((4, 1), (4,))),
        Case("a (3, 1) prediction against a (1, 3) target (as many axes, and as many numbers, "
             "but another shape) must raise a ValueError",
             _loss_mismatch((3, 1), (1, 3), explain=True)),
    ],
    mistakes={
        "MSELossSum":
            "the loss is a sum, not a mean: MSELoss averages the squared differences, so that "
            "the loss (and a good learning rate) does not depend on how big the batch is",
        "MSELossPerRow":
            "you divided by the number of rows; the mean is over every element, so a (3, 2) "
            "prediction is divided by 6, not 3 (.mean() does it for you)",
        "MSELossBroadcasts":
            "a (4, 1) prediction and a (4,) target were accepted: broadcasting turned them into "
            "a (4, 4) grid of differences, comparing every prediction with every target. Check "
            "that the two shapes are equal, and raise a ValueError if they are not",
    },
    hints=[
        "forward returns one number: the average, over every element, of the squared "
        "difference. Build it from Tensor ops so that backward works.",
        "Square the difference, elementwise, and take the mean over every element: three "
        "Tensor operations. The step people skip is refusing shapes that differ, which "
        "broadcasting would otherwise turn into a grid: compare the two shapes themselves, "
        "not their sizes or numbers of axes.",
        "Worked on a (4, 1) prediction and a (4,) target: their shapes differ, so raise "
        "ValueError with a message naming both shapes, before computing anything. Two (4, 1) "
        "tensors give the mean of 4 squared differences, one number of shape ().",
    ],
)


# -- 06.fit_product --------------------------------------------------------------------------
BUDGET, TARGET = 500, 0.02


def _as_number(value):
    if isinstance(value, Tensor):
        broken("the losses should be numbers, one per step (loss.item()), but yours are "
               "Tensors: keeping every step's loss Tensor also keeps its whole graph alive")
    array = np.asarray(value, dtype=float)
    if array.size != 1:
        raise ValueError(f"a loss in the list has shape {array.shape}; each should be one number")
    return float(array.reshape(()))


_NONLINEAR = ("sigmoid", "relu", "tanh", "gelu", "softplus", "elu")


def _has_nonlinearity(model, depth=0) -> bool:
    """Whether the model holds an activation layer (a module whose class is named like one),
    looking inside its attributes, their lists and tuples, a few levels deep."""
    if depth > 6:
        return False
    if any(word in type(model).__name__.lower() for word in _NONLINEAR):
        return True
    for value in vars(model).values() if hasattr(model, "__dict__") else ():
        items = value if isinstance(value, (list, tuple)) else [value]
        if any(isinstance(item, Module) and _has_nonlinearity(item, depth + 1) for item in items):
            return True
    return False


def _predict(model, X):
    with no_grad():
        out = _output(model(Tensor(X)), "the model")
    with np.errstate(all="ignore"):
        return np.asarray(out.data if isinstance(out, Tensor) else out, dtype=float)


def _rows_in_graph(root) -> int:
    """The longest first axis of any tensor in ``root``'s graph: for the network of
    fit_product, whose parameters have at most 10 rows, the batch a training step's loss was
    computed on."""
    rows, seen, stack = 0, set(), [root]
    while stack:
        t = stack.pop()
        if id(t) in seen:
            continue
        seen.add(id(t))
        try:
            if t.ndim >= 1:
                rows = max(rows, int(t.shape[0]))
            stack.extend(t.parents)
        except Exception:         # noqa: BLE001 - a freed stand-in: nothing more to learn
            continue
    return rows


@contextlib.contextmanager
def _watching_steps():
    """Count the training steps (calls of backward()) and the rows each step's loss saw."""
    rows = []
    original = Tensor.backward

    def backward(self, *args, **kwargs):
        rows.append(_rows_in_graph(self))
        return original(self, *args, **kwargs)

    Tensor.backward = backward
    try:
        yield rows
    finally:
        Tensor.backward = original


def _fit_case(init_seed, data_seed, test_seed):
    def run(answer):
        manual_seed(init_seed)
        X, y = product(256, seed=data_seed)
        with np.errstate(all="ignore"), _watching_steps() as rows:   # a run that blows up
            result = answer(X.copy(), y.copy())                        # is judged, not warned
        if not isinstance(result, tuple) or len(result) != 2:
            return {"returned": f"<{type(result).__name__}>"}
        model, losses = result
        if not isinstance(losses, (list, tuple)):
            return {"returned": f"a model and a <{type(losses).__name__}>"}
        losses = [_as_number(v) for v in losses]
        X_test, y_test = product(1000, seed=test_seed)
        pred = _predict(model, X_test)
        obs = {"returned": "a model and a list of losses", "steps": len(losses),
               "backward calls": len(rows), "fewest rows in a step": min(rows, default=None),
               "training rows": len(X),
               "losses finite": bool(np.all(np.isfinite(losses))),
               "first loss": losses[0] if losses else math.nan,
               "last loss": losses[-1] if losses else math.nan,
               "output shape": list(pred.shape)}
        if pred.shape != y_test.shape:
            return obs
        with np.errstate(all="ignore"):
            obs["test loss"] = float(np.mean((pred - y_test) ** 2))
        # an affine f has f(a) + f(b) = f(a + b) + f(0) for every a and b
        a, b = X_test[:50] / 2, X_test[50:100] / 2
        with np.errstate(all="ignore"):
            gap = _predict(model, a) + _predict(model, b) - _predict(model, a + b) \
                - _predict(model, np.zeros((1, 2)))
            obs["affine"] = bool(np.all(np.isfinite(gap)) and np.max(np.abs(gap)) < 1e-9)
            obs["flat"] = bool(np.ptp(pred) < 1e-3 * max(np.ptp(y_test), 1e-12))
        obs["has an activation layer"] = _has_nonlinearity(model)
        return obs
    return run


def _judge_fit(triples):
    for case, obs, _ in triples:
        where = f"for {case.description}"
        if hasattr(obs, "kind"):     # Raised
            return f"{where}: your code raised {obs.kind}: {obs.message}"
        if obs.get("returned") != "a model and a list of losses":
            what = obs.get("returned")
            return (f"{where}: fit_product should return (model, losses), a tuple of the "
                    f"trained model and the list of training losses, one per step; it returned "
                    f"{what.type_name if hasattr(what, 'type_name') else what}")
        steps = obs["steps"]
        if steps == 0:
            return f"{where}: the list of losses is empty: did the training loop run?"
        calls = obs.get("backward calls") or steps      # 0: backward ran some other way
        if max(steps, calls) > BUDGET:
            return (f"{where}: you took {max(steps, calls)} steps, over the budget of "
                    f"{BUDGET}: train with fewer, bigger steps (a larger learning rate, or "
                    f"momentum)")
        if calls != steps:
            return (f"{where}: your list has {steps} losses, but training ran backward() "
                    f"{calls} times: keep one loss per step, every step (loss.item() after "
                    f"each backward)")
        fewest = obs.get("fewest rows in a step")
        if fewest is not None and fewest < obs["training rows"]:
            return (f"{where}: a step computed its loss on {fewest} of "
                    f"the {obs['training rows']} training points: the text asks for all n "
                    f"points at every step (the whole X, not mini-batches)")
        if obs["output shape"] != [1000, 1]:
            return (f"{where}: on 1000 test points of shape (1000, 2) your model's output has "
                    f"shape {tuple(obs['output shape'])}, but it should be (1000, 1)")
        if not obs["losses finite"] or not math.isfinite(obs["test loss"]) \
                or obs["last loss"] > obs["first loss"]:
            return (f"{where}: training blew up: the loss ended higher than it started (or "
                    f"became inf or NaN). Two usual causes: gradients that are never reset "
                    f"(backward adds into .grad, so call optimizer.zero_grad() before "
                    f"loss.backward()), or a learning rate that is too large for this problem")
        if (obs["affine"] or obs["flat"]) and obs["has an activation layer"]:
            return (f"{where}: your model has an activation layer, but after training its "
                    f"output is (almost) a flat plane: the hidden units are saturated, every "
                    f"sigmoid stuck near 0 or 1 where its slope vanishes, so no gradient gets "
                    f"through any more. A learning rate that is too large does this in the first "
                    f"few steps: try smaller ones")
        if obs["affine"]:
            return (f"{where}: your trained model is an affine function of its input (a "
                    f"flat plane, whatever its weights). Linear layers with nothing between "
                    f"them collapse into one Linear layer, and no plane fits x1·x2 better than "
                    f"the constant 0. Put a Sigmoid between the two Linear layers")
        if obs["test loss"] >= TARGET:
            return (f"{where}: after {steps} steps the loss on fresh test points is "
                    f"{obs['test loss']:.4f}, above the target of {TARGET} (the best flat "
                    f"plane gets about 0.11). If your loss stalls near 0.11, plain gradient "
                    f"descent is crawling: add momentum (SGD(..., momentum=0.9)), search for "
                    f"the learning rate (try a few, a factor of 3 apart), and use the whole "
                    f"step budget")
    return None


FIT_PRODUCT = Exercise(
    id="06.fit_product", title="learn y = x1·x2 with two layers (stretch)",
    entry="fit_product", points=2, seconds=60.0,
    forbids=("minigrad.nn.Linear", "minigrad.nn.Sequential", "minigrad.nn.MSELoss",
             "minigrad.nn.functional.mse_loss", "minigrad.nn.functional.linear"),
    cases=[
        Case("256 training points from product(), minigrad seeded with mg.manual_seed(0); "
             "scored on 1000 fresh points", _fit_case(0, 0, 100)),
    ],
    judge=_judge_fit,
    mistakes={},
    hints=[
        "Build the network the text names from your own classes, an MSELoss, and an SGD over "
        "its parameters. Then loop: forward, loss, backward, step, using all 256 points at "
        "every step.",
        "Each step: zero the gradients, compute the loss on all the points, backward, step, and "
        "keep the loss as a number. Wrap X and y in Tensors once, before the loop. Plain SGD "
        "crawls on this problem: give SGD momentum=0.9, then search for the learning rate: try a "
        "few, a factor of 3 apart, and watch the losses.",
        "Worked way to choose the rate: run, say, 100 steps for each candidate and look at the "
        "last loss. Too small a rate leaves it near 0.11 (the best flat plane); too large makes "
        "it grow or become nan; pick the largest that falls steadily, then train for the full "
        "budget.",
    ],
)

EXERCISES = [LINEAR, SEQUENTIAL, PARAMETERS, MSE_LOSS, FIT_PRODUCT]
