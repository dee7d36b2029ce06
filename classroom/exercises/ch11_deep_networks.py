"""Chapter 11 exercises: Kaiming's standard deviation for a layer, the gradient norm of every
Linear layer, a residual block that starts as the identity, clipping gradients by their total
norm, a warm-up-then-cosine learning rate, and (stretch) layer normalisation as one recorded
op with its backward.

Answers use ``math``, NumPy, Tensor ops, ``minigrad.nn`` (``Module``, ``Linear``, ``ReLU``,
``model.modules()``) and ``minigrad.autograd.record``; they do not call the library pieces
they write: ``nn.init``'s gains and Kaiming functions, ``nn.utils.clip_grad_norm_``, the
learning-rate schedules, ``F.layer_norm`` / ``nn.LayerNorm`` (or batch norm).
"""

import contextlib

import numpy as np

from minigrad import nn
from minigrad.random import manual_seed
from minigrad.tensor import Tensor
from .core import FLOAT64_RTOL, Case, Exercise, broken
from .rules import Untouched, generators_kept, number, run_op, sequence

SETUP = """\
import math
import numpy as np
import minigrad as mg
from minigrad import Tensor, nn
from minigrad.autograd import record
from classroom import check, hint, solution"""


def _returned(out, what):
    if out is None:
        raise TypeError(f"{what} returned None: did it forget to `return` its result?")
    return out


def _seeded(shape, seed, scale=1.0):
    return np.random.default_rng(seed).normal(0.0, scale, shape)


def _linear(n_in, n_out, seed):
    """A Linear layer drawn from its own generator (never minigrad's global one)."""
    return nn.Linear(n_in, n_out, rng=np.random.default_rng(seed))


@contextlib.contextmanager
def _no_gradient_named(what: str, who: str):
    """Turn "'NoneType' object has no attribute 'data'" into what happened: the answer read
    the .grad of a tensor that has none."""
    try:
        yield
    except AttributeError as err:
        if "NoneType" not in str(err):
            raise
        broken(f"your {what} failed on {who} has no gradient (its .grad is None; {err}): "
               f"check for None before reading .grad.data")


# -- 11.kaiming_std ---------------------------------------------------------------------------


def _std_case(n_in, n_out, nonlinearities):
    """``nonlinearities``: the names to ask for; None means "call without the argument"."""
    def run(answer):
        layer = _linear(n_in, n_out, 0)
        kept = Untouched(weight=layer.weight, bias=layer.bias)
        found = {}
        for name in nonlinearities:
            value = _returned(answer(layer) if name is None else answer(layer, name),
                              "kaiming_std")
            kept.check("your kaiming_std")
            number(value, "the standard deviation")
            found["no nonlinearity given (the default)" if name is None else name] = value
        return found
    return run


def _std_refuses(name):
    """An unknown nonlinearity: a ValueError whose message names it, as the text asks."""
    def run(answer):
        try:
            value = answer(_linear(8, 4, 0), name)
        except ValueError as err:
            if name not in str(err):
                broken(f"your ValueError for {name!r} does not say which nonlinearity it "
                       f"refuses (its message is {str(err)[:80]!r}): the text asks for a "
                       f"message that names it, so that whoever passed it sees their typo")
            return {"raises a ValueError that names it": True}
        broken(f"{name!r} is not one of the nonlinearities the exercise covers, so kaiming_std "
               f"should raise a ValueError that names it, but it returned {value!r}")
    return run


_INIT = ("minigrad.nn.init.calculate_gain", "minigrad.nn.init.kaiming_normal_",
         "minigrad.nn.init.kaiming_uniform_", "minigrad.nn.init._calculate_fan_in_and_fan_out",
         "minigrad.nn.init._fan")

KAIMING_STD = Exercise(
    id="11.kaiming_std", title="Kaiming's standard deviation for a layer (warm-up)",
    entry="kaiming_std", points=1, forbids=_INIT,
    cases=[
        Case("Linear(50, 20), called without a nonlinearity (ReLU, the default) and with "
             "'relu'", _std_case(50, 20, [None, "relu"])),
        Case("Linear(10, 250): far more outputs than inputs", _std_case(10, 250, ["relu"])),
        Case("Linear(50, 30) with 'tanh' and with 'linear'", _std_case(50, 30, ["tanh", "linear"])),
        Case("Linear(8, 4) with 'sigmoid', which the exercise does not cover: a ValueError",
             _std_refuses("sigmoid")),
    ],
    mistakes={
        "kaiming_fan_out":
            "you used the number of outputs: Kaiming's forward rule divides by fan_in, the "
            "number of inputs each unit sums over, layer.in_features (the weight's shape is "
            "(out_features, in_features))",
        "kaiming_no_gain":
            "you left out the gain: 1/√fan_in is right for a layer with no activation, but ReLU "
            "zeroes half of its inputs, which halves the variance; the gain √2 puts it back",
        "kaiming_variance":
            "you returned the variance, 2/fan_in: the standard deviation is its square root, "
            "gain/√fan_in",
        "kaiming_gain_two":
            "you multiplied by 2 instead of √2: the *variance* gains a factor 2 for ReLU, so the "
            "standard deviation gains √2",
        "kaiming_relu_gain_everywhere":
            "every nonlinearity got ReLU's gain √2: tanh's gain is 5/3 and 'linear' (no "
            "activation) has gain 1",
    },
    hints=[
        "Kaiming's normal initialisation draws weights with standard deviation gain / "
        "√fan_in, where fan_in is how many inputs each unit of the layer adds up.",
        "Where learners slip: fan_in counts the layer's inputs, not its outputs (the weight is "
        "stored as (out_features, in_features)); the gain multiplies the standard deviation, "
        "not the variance; and an unknown nonlinearity raises a ValueError whose message "
        "names it. Return a Python float.",
        "Worked on Linear(32, 16) with 'relu': fan_in = 32, so the standard deviation is "
        "√2/√32 = 0.25. With 'tanh' it would be (5/3)/√32 ≈ 0.295.",
    ],
)


# -- 11.layer_grad_norms ----------------------------------------------------------------------


class _Wrapped(nn.Module):
    """A module that keeps its layers as attributes, one of them a Sequential."""

    def __init__(self, seed):
        super().__init__()
        rng = np.random.default_rng(seed)
        self.stem = nn.Sequential(nn.Linear(5, 4, rng=rng), nn.ReLU())
        self.norm = nn.BatchNorm1d(4)
        self.body = nn.Sequential(nn.Linear(4, 4, rng=rng), nn.Tanh(),
                                  nn.Sequential(nn.Linear(4, 3, rng=rng)))

    def forward(self, x):
        return self.body(self.norm(self.stem(x)))


def _flat(seed):
    rng = np.random.default_rng(seed)
    return nn.Sequential(nn.Linear(4, 3, rng=rng), nn.ReLU(), nn.Linear(3, 2, rng=rng))


class _Shared(nn.Module):
    """One Linear used twice in forward (and held twice), between two others."""

    def __init__(self, seed):
        super().__init__()
        rng = np.random.default_rng(seed)
        self.first = nn.Linear(4, 3, rng=rng)
        self.shared = nn.Linear(3, 3, rng=rng)
        self.again = self.shared
        self.last = nn.Linear(3, 2, rng=rng)

    def forward(self, x):
        return self.last(self.again(self.shared(self.first(x)).tanh()))


class _ScaledLinear(nn.Linear):
    """A subclass of nn.Linear: a Linear layer, under another class name."""

    def forward(self, x):
        return super().forward(x) * 2.0


class _Mix(nn.Module):
    """Not a Linear, but it holds a 2-D parameter called weight."""

    def __init__(self, n, rng):
        super().__init__()
        self.weight = nn.Parameter(rng.uniform(-0.5, 0.5, (n, n)))

    def forward(self, x):
        return x @ self.weight


def _subclassed(seed):
    rng = np.random.default_rng(seed)
    return nn.Sequential(_ScaledLinear(4, 3, rng=rng), nn.Tanh(), _Mix(3, rng),
                         nn.Linear(3, 2, rng=rng))


def _frozen(seed):
    model = _flat(seed)
    model[0].requires_grad_(False)
    return model


def _norms_case(make_model, n_in, seed):
    def run(answer):
        model = make_model(seed)
        x = Tensor(_seeded((6, n_in), seed + 1))
        out = model(x)
        out.backward(_seeded(out.shape, seed + 2))
        grads = {name: p.grad for name, p in model.named_parameters() if p.grad is not None}
        kept = Untouched(**{f"{name}.grad": g for name, g in grads.items()})
        with _no_gradient_named("layer_grad_norms", "a Linear layer whose weight"):
            result = _returned(answer(model), "layer_grad_norms")
        kept.check("your layer_grad_norms")
        if any(p.grad is not grads.get(name) for name, p in model.named_parameters()):
            broken("your layer_grad_norms replaced or removed a parameter's .grad: it should "
                   "only read the gradients, so that the optimizer step after it still finds "
                   "them")
        sequence(result, list, "the result")
        linears = sum(isinstance(m, nn.Linear) for m in model.modules())
        if len(result) > linears:
            broken(f"you returned {len(result)} norms for the model's {linears} Linear layers: "
                   f"only the modules that are nn.Linear count (isinstance: other modules may "
                   f"hold a 2-D weight too), and each once: a layer the model holds twice "
                   f"(under two names, or used twice) is one layer, and model.modules() "
                   f"visits it once")
        for value in result:
            number(value, "each norm")
        return {"norms": [float(v) for v in result]}
    return run


GRAD_NORMS = Exercise(
    id="11.layer_grad_norms", title="the gradient norm of every Linear layer",
    entry="layer_grad_norms", points=1,
    forbids=("minigrad.nn.utils.clip_grad_norm_",),
    cases=[
        Case("Sequential(Linear(4, 3), ReLU(), Linear(3, 2)) after one backward",
             _norms_case(_flat, 4, 0)),
        Case("a model whose Linear layers sit inside nested Sequentials, with a BatchNorm1d "
             "(which has a weight too, but is not a Linear)", _norms_case(_Wrapped, 5, 10)),
        Case("the first model with its first Linear frozen (requires_grad_(False)), so its "
             "weight has no gradient", _norms_case(_frozen, 4, 20)),
        Case("a model that holds one Linear under two names and uses it twice: "
             "model.modules() gives it once, so it has one norm", _norms_case(_Shared, 4, 30)),
        Case("Sequential(ScaledLinear(4, 3), Tanh(), Mix(3), Linear(3, 2)), where ScaledLinear "
             "is a subclass of nn.Linear (so it is a Linear) and Mix is not a Linear but holds "
             "a 2-D parameter called weight", _norms_case(_subclassed, 4, 40)),
    ],
    mistakes={
        "norms_with_bias":
            "you included the bias's gradient: the exercise asks for the norm of each Linear "
            "layer's weight gradient only, layer.weight.grad",
        "norms_of_weights":
            "you measured the weights themselves, not their gradients: use "
            "layer.weight.grad.data, the gradient backward left there",
        "norms_squared":
            "you returned the sum of squares: the norm is its square root, √(Σ g²)",
        "norms_top_level":
            "you only looked at the model's direct children, so Linear layers inside nested "
            "modules were missed: model.modules() visits every module inside the model, at any "
            "depth",
        "norms_every_weight":
            "you took every parameter called weight, BatchNorm's included: keep only the "
            "modules that are nn.Linear (isinstance(module, nn.Linear))",
    },
    hints=[
        "Visit every module inside the model, keep those that are Linear layers, and for each "
        "one measure the size of its weight's gradient.",
        "Where learners slip: the model's direct children are not enough (layers sit inside "
        "other modules), `model.modules()` already visits every module once, in the order the "
        "text asks for; a weight with no gradient (None) counts as 0.0; and only read the "
        "gradients, never change them.",
        "Worked on a weight gradient [[3, 0], [0, 4]]: √(9 + 16) = 5.0. Append float(...) of "
        "each norm to a list, in the order modules() gives, and return the list.",
    ],
)


# -- 11.residual_block -----------------------------------------------------------------------


def _names(block):
    return tuple(sorted(block.state_dict().keys()))


def _block_fresh(answer):
    """A fresh block: its parameters, what it does to an input, and where its starting
    values come from."""
    with generators_kept():
        np.random.seed(0)
        manual_seed(3)
        block = _returned(answer(4), "ResidualBlock(4)")
        np.random.seed(1)
        manual_seed(3)
        again = answer(4)
        manual_seed(3)
        library = nn.Linear(4, 4)
    if not isinstance(block, nn.Module):
        broken(f"ResidualBlock should subclass nn.Module, but ResidualBlock(4) is a "
               f"{type(block).__name__}")
    first = getattr(block, "linear1", None)
    if not isinstance(first, nn.Linear):
        broken("a ResidualBlock should have an attribute linear1, an nn.Linear(width, width), "
               "and an attribute linear2, another one")
    if not np.array_equal(first.weight.data, again.linear1.weight.data):
        broken("two blocks made right after the same mg.manual_seed(3) start from different "
               "values: let nn.Linear draw its weights (from minigrad's generator) instead of "
               "drawing them with NumPy's np.random")
    for name in ("linear1", "linear2"):
        for part in ("weight", "bias"):
            value = getattr(getattr(block, name, None), part, None)
            if isinstance(value, Tensor) and not isinstance(value, nn.Parameter):
                broken(f"{name}.{part} is a plain Tensor, no longer a Parameter: you replaced it "
                       f"with a new Tensor, so the block does not list it among its parameters "
                       f"and no optimizer would train it. Change the numbers of the one "
                       f"nn.Linear made, in place, instead")
    if first.weight.shape == library.weight.shape and not np.any(first.weight.data):
        broken("linear1's weight starts at zero, but the layer to zero is linear2, the last one "
               "of the branch: with linear1 at zero, linear2 only sees relu(0) = 0, so a fresh "
               "block adds linear2's bias to x (it is not the identity) and no gradient reaches "
               "linear2's weight")
    if first.weight.shape == library.weight.shape and not np.array_equal(
            first.weight.data, library.weight.data):
        broken("linear1's starting weights are not the ones nn.Linear(4, 4) draws first after "
               "mg.manual_seed(3): create linear1 first, then linear2, each as "
               "nn.Linear(width, width), and draw no other random numbers before them")
    x = Tensor(_seeded((3, 4), 31))
    out = _returned(block(x), "forward")
    return {"parameters (state_dict keys)": _names(block),
            "a fresh block's output for an input x": out}


def _block_trained(width, batch, seed, upstream_scale=1.0):
    """Weights loaded into the block: the output, and every gradient after backward."""
    def run(answer):
        block = _returned(answer(width), f"ResidualBlock({width})")
        donor = {"linear1": _linear(width, width, seed), "linear2": _linear(width, width,
                                                                              seed + 1)}
        state = {f"{name}.{p}": getattr(layer, p).data for name, layer in donor.items()
                 for p in ("weight", "bias")}
        block.load_state_dict(state)
        upstream = upstream_scale * _seeded((batch, width), seed + 3)
        x = Tensor(_seeded((batch, width), seed + 2), requires_grad=True)
        found = run_op(lambda: block(x), {"x": x}, upstream, what="your ResidualBlock")
        block.zero_grad()                     # run_op ran backward twice: once more, alone
        block(Tensor(x.data.copy())).backward(upstream)
        found.update({f"grad {name}": (None if p.grad is None else p.grad.data.copy())
                      for name, p in block.named_parameters()})
        return found
    return run


RESIDUAL = Exercise(
    id="11.residual_block", title="a residual block that starts as the identity",
    entry="ResidualBlock", points=2,
    cases=[
        Case("ResidualBlock(4) as created after mg.manual_seed(3): its parameters, its output "
             "for an input x (a fresh block is the identity), and where linear1's starting "
             "values come from", _block_fresh),
        Case("ResidualBlock(3) with weights loaded by the checker: the output for a batch of "
             "5, then the gradients of the input and of every parameter after backward",
             _block_trained(3, 5, 40)),
        Case("ResidualBlock(6) with loaded weights, a batch of 2", _block_trained(6, 2, 50, 3.0)),
    ],
    mistakes={
        "residual_no_skip":
            "the block returns only the branch, linear2(relu(linear1(x))): a residual block "
            "adds its input back, x + linear2(relu(linear1(x)))",
        "residual_not_zeroed":
            "linear2 keeps its random starting values, so a fresh block is not the identity: "
            "after creating it, set linear2's weight and bias to zero (in place, e.g. with "
            "nn.init.zeros_ or .data[...] = 0)",
        "residual_relu_after_sum":
            "you applied the ReLU after the sum, relu(x + ...): then even a fresh block changes "
            "its input (negative numbers become 0) and the skip path is no longer the "
            "identity. The ReLU belongs inside the branch, between linear1 and linear2",
        "residual_detached_skip":
            "the skip path does not carry a gradient: x is added as a new Tensor (or detached), "
            "so backward only reaches x through the branch. Add x itself: x + branch(x)",
        "residual_no_relu":
            "the branch has no ReLU: linear2(linear1(x)) is just one linear map, so stacking "
            "blocks adds nothing a single Linear could not do. Put a ReLU between them",
    },
    hints=[
        "Subclass `nn.Module`. In `__init__`, call `super().__init__()` and create the two "
        "layers the text names; forward returns its input plus the branch.",
        "Where learners slip: create linear1 before linear2 (minigrad's generator draws them "
        "in that order), zero the *second* layer's numbers in place (replacing its weight "
        "with a new Tensor makes it a plain Tensor, not a Parameter), and keep the ReLU inside "
        "the branch, so that a fresh block is the identity.",
        "Worked on width 2, input x = [[1, -2]], and a zeroed linear2: the branch gives [[0, 0]] "
        "whatever linear1 does, so the block returns [[1, -2]]. Once linear2 is trained, the "
        "block returns x + linear2(relu(linear1(x))), and backward reaches x along both paths.",
    ],
)


# -- 11.clip_grad_norm -----------------------------------------------------------------------


def _with_grads(grads):
    params = []
    for g in grads:
        p = Tensor(np.zeros(np.shape(g)), requires_grad=True)
        if g is not None:
            p.grad = Tensor(np.array(g, dtype=float))
        params.append(p)
    return params


G1 = [[3.0, 0.0], [0.0, 4.0]]      # norm 5
G2 = [12.0, 0.0, 0.0]              # norm 12: together 13


def _clip_case(grads, max_norm, as_generator=False):
    """The total norm returned, and the gradients afterwards divided by max_norm (so that
    they are compared on the scale of max_norm, however small).  Every .grad must still be
    the Tensor it was: the text asks for the gradients to be changed in place."""
    def run(answer):
        params = _with_grads(grads)
        held = [p.grad for p in params]
        given = (p for p in params) if as_generator else params
        with _no_gradient_named("clip_grad_norm", "a parameter that"):
            total = _returned(answer(given, max_norm), "clip_grad_norm")
        if any(p.grad is not g for p, g in zip(params, held)):
            broken("a parameter's .grad is a new Tensor after the call: the text asks you to "
                   "change the gradients in place (p.grad.data *= factor), so that code "
                   "still holding the old gradient (an optimizer, a hook) sees the clipping")
        number(total, "the total norm you returned")
        return {"total norm (returned)": float(total),
                "gradients afterwards, divided by max_norm": [
                    None if p.grad is None else p.grad.data / max_norm for p in params]}
    return run


def _mixed_grads():
    rng = np.random.default_rng(7)
    return [rng.normal(0, 2.0, (3, 4)), None, rng.normal(0, 2.0, 4), rng.normal(0, 2.0, (2,))]


CLIP = Exercise(
    id="11.clip_grad_norm", title="clipping gradients by their total norm",
    rtol=FLOAT64_RTOL,
    entry="clip_grad_norm", points=1,
    forbids=("minigrad.nn.utils.clip_grad_norm_", "minigrad.nn.utils.clip_grad_value_"),
    cases=[
        Case("two parameters whose gradients have norms 5 and 12 (total 13), max_norm = 1",
             _clip_case([G1, G2], 1.0)),
        Case("the same gradients with max_norm = 20: nothing to clip", _clip_case([G1, G2], 20.0)),
        Case("four parameters given as a generator (as model.parameters() is), one of them "
             "without a gradient, max_norm = 2", _clip_case(_mixed_grads(), 2.0, True)),
        Case("tiny gradients: norms 5e-7 and 1.2e-6 (total 1.3e-6), max_norm = 1e-7: the factor "
             "is exactly max_norm / total, however small both are",
             _clip_case([np.array(G1) * 1e-7, np.array(G2) * 1e-7], 1e-7)),
    ],
    mistakes={
        "clip_each_tensor":
            "you clipped each gradient by its own norm: the total norm treats all gradients as "
            "one long vector, √(Σ over every parameter of Σ g²), and every gradient is scaled "
            "by the same factor, so the direction of the whole step is kept",
        "clip_values":
            "you clamped every entry into [-max_norm, max_norm]: that is clipping by value, which "
            "changes the direction. Scale all gradients by max_norm / total norm instead",
        "clip_always":
            "you rescaled the gradients even though their total norm was already below max_norm "
            "(which makes small gradients larger): scale only when the total norm exceeds it",
        "clip_returns_clipped":
            "you returned the norm after clipping: return the total norm from before, the "
            "number worth watching during training",
        "clip_no_sqrt":
            "the total norm is the square root of the sum of squares; you used the sum itself",
        "clip_epsilon":
            "the factor is not exactly max_norm / total: something small was added to the "
            "norm (+ 1e-6, as PyTorch does, to avoid dividing by 0?), which is invisible for "
            "norms near 1 but wrong for tiny ones. The text asks for max_norm / ‖g‖: scaling "
            "happens only when the norm exceeds max_norm, so it is never 0 there",
        "clip_generator_used_up":
            "nothing was clipped when the parameters came as a generator: a generator can be "
            "walked only once, and your second loop found it empty. Make a list first, "
            "params = list(parameters)",
    },
    hints=[
        "Put every gradient together as if it were one long vector: its length is the total "
        "norm. If that length is more than max_norm, shrink every gradient by the same factor.",
        "Where learners slip: a generator can be walked only once (make a list first); the "
        "factor is exactly max_norm over the total norm (nothing added to it); each gradient "
        "is changed in place, its own array, not replaced by a new Tensor; and the norm "
        "returned is the one from before clipping.",
        "Worked on gradients [3, 4] and [0, 12] with max_norm 6.5: the total norm is √(9 + 16 + "
        "144) = 13, so every gradient is multiplied by 6.5 / 13 = 0.5: [1.5, 2] and [0, 6]. "
        "The function returns 13.0.",
    ],
)


# -- 11.warmup_cosine ------------------------------------------------------------------------


def _rates_case(steps, total_steps, warmup_steps, base_lr, min_lr=None):
    def run(answer):
        found = []
        for step in steps:
            args = (step, total_steps, warmup_steps, base_lr)
            value = _returned(answer(*args) if min_lr is None else answer(*args, min_lr),
                              "warmup_cosine")
            number(value, f"the rate at step {step}")
            found.append(float(value))
        return {f"rates at steps {list(steps)}": found}
    return run


WARMUP_COSINE = Exercise(
    id="11.warmup_cosine", title="a warm-up, then a cosine decay", entry="warmup_cosine", pure=True,
    points=1,
    forbids=("minigrad.optim.lr_scheduler.CosineAnnealingLR",
             "minigrad.optim.lr_scheduler.OneCycleLR", "minigrad.optim.lr_scheduler.LinearLR",
             "minigrad.optim.lr_scheduler.LambdaLR"),
    cases=[
        Case("total_steps=100, warmup_steps=10, base_lr=0.1: steps 0, 4 and 9 (the warm-up)",
             _rates_case([0, 4, 9], 100, 10, 0.1)),
        Case("the same schedule at steps 10, 30, 55 and 99 (the cosine)",
             _rates_case([10, 30, 55, 99], 100, 10, 0.1)),
        Case("the same schedule at steps 100 and 150 (after the end: it stays at min_lr)",
             _rates_case([100, 150], 100, 10, 0.1)),
        Case("total_steps=50, warmup_steps=5, base_lr=1.0, min_lr=0.1: steps 0, 5, 30 and 60",
             _rates_case([0, 5, 30, 60], 50, 5, 1.0, 0.1)),
        Case("no warm-up (warmup_steps=0), total_steps=20, base_lr=0.5: steps 0, 10 and 20",
             _rates_case([0, 10, 20], 20, 0, 0.5)),
    ],
    mistakes={
        "warmup_from_zero":
            "your warm-up starts at 0: at step 0 the rate should already be base_lr / "
            "warmup_steps, (step + 1) / warmup_steps of the base rate, so that the last warm-up "
            "step reaches base_lr (a rate of 0 would waste the first step)",
        "cosine_clock_from_zero":
            "your cosine starts counting at step 0 instead of at the end of the warm-up: use t "
            "= step - warmup_steps out of T = total_steps - warmup_steps, so the decay starts "
            "at base_lr right after the warm-up",
        "cosine_without_half":
            "the cosine runs from +1 to -1; the rate should go from base_lr to min_lr, so use "
            "(1 + cos(π t / T)) / 2, which runs from 1 to 0",
        "cosine_not_clamped":
            "after total_steps the cosine climbs back up: from step total_steps on, return "
            "min_lr",
        "cosine_ignores_min_lr":
            "min_lr is not where the decay ends: the rate is min_lr + (base_lr - min_lr) · (1 + "
            "cos(π t / T)) / 2",
    },
    hints=[
        "Two phases: while step < warmup_steps the rate climbs in a straight line up to "
        "base_lr; after that it follows half a cosine from base_lr down to min_lr, reached at "
        "total_steps, and stays there.",
        "Where learners slip: the warm-up counts steps from 1 (so step 0 is not 0 and the last "
        "warm-up step is base_lr), the cosine's clock starts at the end of the warm-up, the "
        "cosine is halved and shifted to run from 1 to 0, and past total_steps the rate stays "
        "at min_lr. Return a float.",
        "Worked on total_steps=20, warmup_steps=4, base_lr=1: steps 0-3 give 0.25, 0.5, 0.75, "
        "1; step 4 is t = 0 of T = 16, cos 0 = 1, so 1.0; step 12 is t = 8, halfway, cos(π/2) "
        "= 0, so 0.5; step 20 gives 0.",
    ],
)


# -- 11.layer_norm ---------------------------------------------------------------------------


def _ln_case(x_values, weight_values, bias_values, upstream_seed, scale=1.0, eps=None):
    """``eps``: passed to the answer when given (None: the default)."""
    def run(answer):
        x = Tensor(np.array(x_values, dtype=float), requires_grad=True)
        weight = Tensor(np.array(weight_values, dtype=float), requires_grad=True)
        bias = Tensor(np.array(bias_values, dtype=float), requires_grad=True)
        upstream = scale * _seeded(x.shape, upstream_seed)
        extra = {} if eps is None else {"eps": eps}
        found = run_op(lambda: answer(x, weight, bias, **extra), {"x": x, "weight": weight,
                                                                  "bias": bias},
                       upstream, what="your layer_norm", single=(x, weight, bias),
                       own_backward=True)
        return {"value": found["value"], "grad x": found.get("grad x"),
                "grad weight": found.get("grad weight"), "grad bias": found.get("grad bias")}
    return run


LN_X1 = _seeded((3, 4), 60, 2.0) + 1.0
LN_X2 = [[1000.0, 1001.0, 1003.0, 999.0], [0.001, -0.002, 0.0005, 0.003],
         [2.0, 2.0, 2.0, 2.0]]

LAYER_NORM = Exercise(
    id="11.layer_norm", title="layer normalisation as one op, with its backward (stretch)",
    entry="layer_norm", points=2,
    forbids=("minigrad.nn.functional.layer_norm", "minigrad.nn.LayerNorm",
             "minigrad.nn.functional.batch_norm", "minigrad.nn.BatchNorm1d",
             "minigrad.nn.norm._normalize_backward"),
    cases=[
        Case("x of shape (3, 4), weight and bias of shape (4,): the output, recorded as one op, "
             "then the gradients of x, weight and bias after backward with a fixed incoming "
             "gradient", _ln_case(LN_X1, [1.5, 0.5, -1.0, 2.0], [0.1, -0.2, 0.3, 0.0], 61)),
        Case("rows on very different scales (around 1000, around 0.001) and a constant row, "
             "whose variance is 0 (eps keeps the division finite)",
             _ln_case(LN_X2, [1.0, 2.0, 0.5, -1.5], [0.0, 0.5, 0.0, -0.5], 62)),
        Case("x of shape (5, 2) and a larger incoming gradient",
             _ln_case(_seeded((5, 2), 63, 3.0), [0.7, -1.3], [0.2, 0.4], 64, 5.0)),
        Case("rows of small spread with eps = 0.5, passed by the caller (it changes both the "
             "output and every gradient)", _ln_case(_seeded((3, 4), 65, 0.5),
                                                    [1.0, -0.5, 2.0, 0.5], [0.1, 0.0, -0.1, 0.3],
                                                    66, eps=0.5)),
    ],
    mistakes={
        "ln_over_batch":
            "you normalised each column over the batch (axis 0): that is batch norm. Layer norm "
            "normalises each row over its features, mean and variance along axis=1 (keepdims)",
        "ln_unbiased_variance":
            "you used the unbiased variance (dividing by D - 1): normalisation divides by D, "
            "the number of features, as np.var does by default",
        "ln_eps_outside_sqrt":
            "eps is added after the square root: it belongs inside, √(var + eps), as in the "
            "formula (it matters most for a row whose variance is about 0)",
        "ln_backward_missing_projection":
            "the gradient of x only removes the mean of ĝ: the variance depends on x too, which "
            "removes ĝ's component along x̂ as well: dx = (ĝ - mean(ĝ) - x̂·mean(ĝ·x̂)) / s, "
            "means along each row",
        "ln_backward_ignores_weight":
            "the gradient of x ignores the weight: the gradient reaching x̂ is ĝ = g · weight, "
            "and the formula for dx uses ĝ, not g",
        "ln_ignores_eps":
            "the eps the caller passed was not used: with eps = 0.5 your output matches the "
            "default 1e-5. Use the argument, √(var + eps), not a constant of your own",
        "ln_backward_no_division":
            "the gradient of x is not divided by s = √(var + eps): x̂ = (x - mean) / s, so "
            "every path from x to x̂ carries a factor 1/s",
    },
    hints=[
        "Forward in NumPy on the arrays: for each row, the mean and the variance over its "
        "features, the normalised row, then the weight times it plus the bias. Record it once, "
        "with the three inputs.",
        "Where learners slip: the statistics run along each row (axis 1, kept as a column), "
        "the variance divides by D, eps is the caller's and sits inside the square root, and "
        "backward follows the text's formula with ĝ = g times the weight, the row means taken "
        "with keepdims so that they broadcast.",
        "Worked on one row x = [1, 3], weight [1, 1], bias [0, 0], eps ≈ 0: mean 2, var 1, s = "
        "1, x̂ = [-1, 1]. With g = [1, 0]: ĝ = [1, 0], mean(ĝ) = 0.5, mean(ĝ·x̂) = -0.5, so "
        "dx = [1 - 0.5 - 0.5, 0 - 0.5 + 0.5] = [0, 0]. Right: with two features a normalised "
        "row is always [-1, 1] or [1, -1], so no small change of x moves the output.",
    ],
)

EXERCISES = [KAIMING_STD, GRAD_NORMS, RESIDUAL, CLIP, WARMUP_COSINE, LAYER_NORM]
