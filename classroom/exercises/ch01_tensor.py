"""Chapter 1 exercises: the Tensor as a container. What a tensor reports about itself,
building one that can be trained, the shapes of a small network, the dtype policy, and
turning class labels into a one-hot tensor (with clear errors for bad labels).

Answers use only ``Tensor`` and its container properties (``.data``, ``.shape``,
``.ndim``, ``.dtype``, ``.requires_grad``, ``.is_leaf``, ``.numel()`` ...) plus NumPy.
"""

import numpy as np

from minigrad.tensor import Tensor
from .core import Case, Exercise, broken
from .rules import Untouched

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from classroom import check, hint, solution"""


def _report(out, *fields):
    """What a case records about a returned tensor: first whether it *is* one, then
    ``fields`` (values, dtype name, requires_grad), only when it is."""
    if not isinstance(out, Tensor):
        return {"is a minigrad Tensor": False}
    found = {"is a minigrad Tensor": True}
    if "values" in fields:
        found["values"] = out
    if "dtype" in fields:
        found["dtype"] = out.dtype.name
    if "requires_grad" in fields:
        found["requires_grad"] = bool(out.requires_grad)
    return found


# -- 01.describe ---------------------------------------------------------------------------


def _describe_case(build):
    def run(answer):
        return answer(build())
    return run


def _node():
    a = Tensor([1.0, 2.0, 3.0], requires_grad=True)
    return a + a


def _untracked():
    a = Tensor(np.ones((2, 1, 3), dtype=np.float32))
    return a * a


DESCRIBE = Exercise(
    id="01.describe", title="what a tensor knows about itself", entry="describe", points=1,
    cases=[
        Case("a (2, 3) float tensor that requires grad",
             _describe_case(lambda: Tensor(np.zeros((2, 3)), requires_grad=True))),
        Case("an integer vector of 4 labels",
             _describe_case(lambda: Tensor(np.array([3, 0, 1, 1])))),
        Case("a 0-d tensor holding one number, Tensor(2.5)", _describe_case(lambda: Tensor(2.5))),
        Case("the result of an op: a + a, for a leaf a that requires grad",
             _describe_case(_node)),
        Case("a (2, 1, 3) float32 tensor made by an op on tensors that do not require grad "
             "(nothing is recorded, so it is a leaf)", _describe_case(_untracked)),
    ],
    mistakes={
        "describe_numel_is_len":
            "`numel` should count every element (6 for a 2×3 tensor); len(t) only counts the "
            "rows, the length of the first axis, and fails on a 0-d tensor",
        "describe_leaf_means_no_grad":
            "a leaf is a tensor you created yourself, whether it requires grad or not; a tensor "
            "made by an op is a node (is_leaf False). Use t.is_leaf rather than working it out "
            "from requires_grad",
        "describe_dtype_object":
            "`dtype` should be the dtype's name, a string such as 'float64', not the dtype "
            "object itself: use t.dtype.name (or str(t.dtype))",
    },
    hints=[
        "Almost everything is something the tensor already knows about itself: look at its "
        "attributes in the chapter (shape, number of axes, dtype, whether it requires grad, "
        "whether it is a leaf).",
        "Two places where learners slip: the number of elements is the product of the shape "
        "(1 for a 0-d tensor), not the length of the first axis; and the dtype entry is the "
        "dtype's name, a string, not the dtype object itself.",
        "Worked on `Tensor([[1.0, 2.0, 3.0]])`: shape (1, 3), ndim 2, dtype 'float64', numel 3 "
        "(`len(t)` would say 1: it counts rows), requires_grad False, is_leaf True. The two "
        "that are not plain attributes: `t.numel()` and `t.dtype.name`.",
    ],
)


# -- 01.make_parameter ---------------------------------------------------------------------


def _parameter_case(make):
    def run(answer):
        values = make()
        kept = Untouched(values=values)
        made = answer(values)
        kept.check("your make_parameter")
        if isinstance(made, Tensor) and made.dtype == np.float64 and np.shape(made.data) == \
                np.shape(values):
            exact = np.asarray(values).astype(np.float64)
            if not np.array_equal(made.data, exact):
                broken("the tensor holds the right values only roughly: they were rounded on "
                       "the way (through float32, perhaps, which keeps about 7 digits, so "
                       "1 + 1e-9 becomes 1.0). Convert straight to float64, which holds every "
                       "value these inputs can have exactly")
        return _report(made, "values", "dtype", "requires_grad")
    return run


MAKE_PARAMETER = Exercise(
    id="01.make_parameter", title="a tensor you can train", entry="make_parameter", points=1,
    cases=[
        Case("a nested list of floats, [[0.5, -1.0], [2.0, 0.25]]",
             _parameter_case(lambda: [[0.5, -1.0], [2.0, 0.25]])),
        Case("a nested list of whole numbers, [[1, 2], [3, 4]]",
             _parameter_case(lambda: [[1, 2], [3, 4]])),
        Case("an integer NumPy array, np.arange(6).reshape(2, 3)",
             _parameter_case(lambda: np.arange(6).reshape(2, 3))),
        Case("a float32 NumPy array of 3 values",
             _parameter_case(lambda: np.array([0.1, 0.2, 0.3], dtype=np.float32))),
        Case("a Python number, 2", _parameter_case(lambda: 2)),
        Case("a float64 NumPy array holding 1 + 1e-9 and 0.1 (values float32 cannot hold)",
             _parameter_case(lambda: np.array([1 + 1e-9, 0.1, -3.0]))),
        Case("a list of floats with 12 significant digits, [[1.00000000001, 2.5e-10]]",
             _parameter_case(lambda: [[1.00000000001, 2.5e-10]])),
    ],
    mistakes={
        "make_parameter_no_grad":
            "forgot requires_grad: the tensor has the right values and dtype, but a parameter "
            "must be created with requires_grad=True so that backward() fills its .grad",
        "make_parameter_keeps_dtype":
            "a NumPy array keeps its dtype: an integer array stays integer (and integer tensors "
            "cannot require grad, hence the TypeError), a float32 array stays float32. Ask for "
            "float64 explicitly with dtype=",
        "make_parameter_array":
            "make_parameter must return a minigrad Tensor; yours returns something else (a NumPy "
            "array?), which has no requires_grad and no .grad",
    },
    hints=[
        "One call of the Tensor constructor does all of it; the question is which of its "
        "arguments you need.",
        "Where it goes wrong: lists already become float64, but NumPy arrays keep their dtype, "
        "and an integer tensor cannot require grad. Which argument overrides the dtype data "
        "brings with it? Convert straight to float64 (a detour through float32 rounds values "
        "off).",
        "Worked on `np.arange(3)` (int64): `Tensor(np.arange(3), requires_grad=True)` raises a "
        "TypeError, because an array keeps its integer dtype. Asking for `dtype=np.float64` in "
        "the same call converts it first. Check float32 input too: it must come out float64.",
    ],
)


# -- 01.mlp_shapes -------------------------------------------------------------------------


def _shapes_case(*sizes):
    def run(answer):
        return answer(*sizes)
    return run


MLP_SHAPES = Exercise(
    id="01.mlp_shapes", title="the shapes of a small network", entry="mlp_shapes", points=1,
    pure=True,
    cases=[
        Case("a batch of 32 images of 28×28 pixels, 100 hidden units, 10 classes",
             _shapes_case(32, 28, 28, 100, 10)),
        Case("a batch of 8 images of 4×6 pixels (not square), 16 hidden units, 3 classes",
             _shapes_case(8, 4, 6, 16, 3)),
        Case("a batch of a single 28×28 image, 64 hidden units, 10 classes",
             _shapes_case(1, 28, 28, 64, 10)),
    ],
    mistakes={
        "mlp_shapes_transposed":
            "a weight matrix is stored as (out_features, in_features), PyTorch's layout "
            "(y = x @ weight.T + bias); yours are transposed",
        "mlp_shapes_flat_batch":
            "flatten each image, not the whole batch: the inputs keep the batch axis first, one "
            "row of height × width pixels per image",
        "mlp_shapes_batched_bias":
            "a bias holds one number per output feature, shared by every example in the batch, "
            "so it has no batch axis",
    },
    hints=[
        "Work left to right and write each shape as a tuple. Every activation (images, inputs, "
        "hidden, logits) starts with the batch size n; parameters (weights, biases) do not depend "
        "on n at all.",
        "The two places learners slip: flattening keeps the batch axis (one row of height × "
        "width numbers per image), and a weight is stored as (out_features, in_features), "
        "PyTorch's layout, while a bias has one number per output feature and no batch axis.",
        "Worked on mlp_shapes(2, 3, 3, 5, 4): images (2, 3, 3); each image flattens to 9 numbers, "
        "so inputs are (2, 9); the first weight maps 9 features to 5, so it is (5, 9). Carry on "
        "the same way for bias1, hidden, weight2, bias2 and logits.",
    ],
)


# -- 01.tensor_dtype -----------------------------------------------------------------------


def _dtype_case(make, dtype=None):
    def run(answer):
        result = answer(make()) if dtype is None else answer(make(), dtype=dtype)
        if isinstance(result, np.dtype) or isinstance(result, type):
            what = "dtype object" if isinstance(result, np.dtype) else "type"
            broken(f"tensor_dtype should return the dtype's name, a string such as 'float64', "
                   f"but it returned the {what} {result!r}: take the name, "
                   f"np.dtype(...).name")
        return result
    return run


TENSOR_DTYPE = Exercise(
    id="01.tensor_dtype", title="the dtype policy", entry="tensor_dtype", points=2,
    forbids=("minigrad.tensor.Tensor.__init__", "minigrad.tensor._to_array"),
    cases=[
        Case("a Python float, 2.5", _dtype_case(lambda: 2.5)),
        Case("a Python int, 3", _dtype_case(lambda: 3)),
        Case("a nested list of whole numbers, [[1, 2], [3, 4]]",
             _dtype_case(lambda: [[1, 2], [3, 4]])),
        Case("an int64 NumPy array", _dtype_case(lambda: np.array([0, 1, 2], dtype=np.int64))),
        Case("a float32 NumPy array", _dtype_case(lambda: np.ones(3, dtype=np.float32))),
        Case("an existing float32 Tensor",
             _dtype_case(lambda: Tensor(np.zeros(2, dtype=np.float32)))),
        Case("a list of whole numbers with dtype=np.float32",
             _dtype_case(lambda: [1, 2, 3], dtype=np.float32)),
        Case("an int64 NumPy array with dtype='float64'",
             _dtype_case(lambda: np.arange(3, dtype=np.int64), dtype="float64")),
        Case("a NumPy scalar, np.float32(1.5) (the text's example is np.int32(7))",
             _dtype_case(lambda: np.float32(1.5))),
        Case("a Python float with dtype=np.dtype('int32') (a dtype object)",
             _dtype_case(lambda: 2.0, dtype=np.dtype("int32"))),
        Case("an existing int64 Tensor with dtype='float32' (rule 1 before rule 2)",
             _dtype_case(lambda: Tensor(np.arange(3)), dtype="float32")),
    ],
    mistakes={
        "tensor_dtype_numpy_rules":
            "Python numbers and lists become float64 in minigrad, even whole numbers: that is "
            "the default dtype. (NumPy alone would make 3 and [[1, 2], [3, 4]] int64; minigrad "
            "does not follow it there)",
        "tensor_dtype_always_float64":
            "a NumPy array (or NumPy scalar, or Tensor) keeps the dtype it already has: an int64 "
            "array stays int64, a float32 array stays float32. Only Python numbers and lists get "
            "the float64 default",
        "tensor_dtype_ignores_dtype":
            "dtype= always wins: when it is given, the tensor has that dtype whatever the data "
            "is",
    },
    hints=[
        "Three rules, checked in order: is dtype given? Is the data already typed (a NumPy array, "
        "a NumPy scalar, a Tensor)? Otherwise it is a Python number or list.",
        "Where learners slip: `dtype` can come in three spellings (a NumPy type, a string, a "
        "dtype object), and NumPy turns any of them into one dtype object, which has a name; "
        "a NumPy scalar such as `np.int32(7)` is typed data too, like an array. Return the "
        "name, a string.",
        "Worked examples: `tensor_dtype([1, 2])` is 'float64' (rule 3); "
        "`tensor_dtype(np.int32(7))` is 'int32' (rule 2: a NumPy scalar has a dtype); "
        "`tensor_dtype(np.arange(3), 'float32')` is 'float32' (rule 1). The key line of rule "
        "1: `return np.dtype(dtype).name`.",
    ],
)


# -- 01.one_hot ----------------------------------------------------------------------------


def _one_hot_case(make, classes):
    def run(answer):
        labels = make()
        kept = Untouched(labels=labels)
        made = answer(labels, classes)
        kept.check("your one_hot")
        return _report(made, "values", "dtype")
    return run


ONE_HOT = Exercise(
    id="01.one_hot", title="one-hot labels, with clear errors (stretch)", entry="one_hot",
    points=2,
    cases=[
        Case("a list of labels [0, 2, 1], 3 classes", _one_hot_case(lambda: [0, 2, 1], 3)),
        Case("an int64 NumPy array [3, 3, 0, 1], 5 classes (a repeated label, an unused "
             "class)", _one_hot_case(lambda: np.array([3, 3, 0, 1]), 5)),
        Case("an integer Tensor of labels [1, 0], 2 classes",
             _one_hot_case(lambda: Tensor(np.array([1, 0])), 2)),
        Case("an int32 NumPy array [2, 1], 4 classes (any integer dtype is fine)",
             _one_hot_case(lambda: np.array([2, 1], dtype=np.int32), 4)),
        Case("a label equal to the number of classes: [0, 3] with 3 classes",
             _one_hot_case(lambda: [0, 3], 3)),
        Case("a negative label: [1, -1] with 3 classes", _one_hot_case(lambda: [1, -1], 3)),
        Case("labels that are not whole numbers: [0.0, 1.5] with 3 classes",
             _one_hot_case(lambda: [0.0, 1.5], 3)),
        Case("a float Tensor of whole numbers, Tensor([1, 0]) (a list becomes float64)",
             _one_hot_case(lambda: Tensor([1, 0]), 2)),
    ],
    mistakes={
        "one_hot_unchecked":
            "labels outside 0..classes-1 must raise ValueError, and yours are not checked: NumPy "
            "indexing wraps a negative label round to the last class without a word, and raises "
            "IndexError for one that is too large. Check the range yourself before building the "
            "result",
        "one_hot_no_negative_check":
            "a negative label must raise ValueError too, not only one that is too large: NumPy "
            "indexing would quietly read -1 as the last class",
        "one_hot_rounds_floats":
            "labels must have an integer dtype: raise TypeError for float labels (1.5 is not a "
            "class) instead of converting them with astype(int), which silently rounds "
            "them",
        "one_hot_returns_array":
            "your checks are right, but one_hot must return a minigrad Tensor, and yours returns "
            "something else (a NumPy array?): wrap the result, return Tensor(out)",
    },
    hints=[
        "First get the labels as a NumPy array whatever they came as (a Tensor keeps its array "
        "in `.data`; `np.asarray` handles lists). Then validate, then build.",
        "Validate in this order: is the dtype an integer one (`np.issubdtype` answers that), "
        "or raise TypeError; is every label between 0 and classes - 1, or raise ValueError. "
        "Learners forget the negative labels, which NumPy indexing would quietly wrap round. "
        "Then build a float64 array of zeros with a 1.0 in each row.",
        "Worked on [0, 2, 1] with 3 classes: the labels pass both checks; start from zeros of "
        "shape (3, 3) and put a 1.0 at (0, 0), (1, 2) and (2, 1). With NumPy, "
        "`out[np.arange(len(data)), data] = 1.0` sets all of them at once. Return a Tensor.",
    ],
)

EXERCISES = [DESCRIBE, MAKE_PARAMETER, MLP_SHAPES, TENSOR_DTYPE, ONE_HOT]
