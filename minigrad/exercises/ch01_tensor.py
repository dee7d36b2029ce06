"""Chapter 1 exercises: the Tensor as a container. What a tensor reports about itself,
building one that can be trained, the shapes of a small network, the dtype policy, and
turning class labels into a one-hot tensor (with clear errors for bad labels).

Answers use only ``Tensor`` and its container properties (``.data``, ``.shape``,
``.ndim``, ``.dtype``, ``.requires_grad``, ``.is_leaf``, ``.numel()`` ...) plus NumPy.
"""

import numpy as np

from ..tensor import Tensor
from .core import Case, Exercise

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from minigrad.exercises import check, hint, solution"""


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
def describe_reference(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}


def describe_numel_is_len(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": len(t),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}


def describe_leaf_means_no_grad(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": not t.requires_grad}


def describe_dtype_object(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}


def _describe_case(build):
    def run(answer):
        return answer(build())
    return run


def _node():
    a = Tensor([1.0, 2.0, 3.0], requires_grad=True)
    return a + a


def _node_of_matrix():
    w = Tensor(np.ones((2, 2, 2)), requires_grad=True)
    return -w


DESCRIBE = Exercise(
    id="01.describe", title="what a tensor knows about itself", entry="describe", points=1,
    reference=describe_reference,
    cases=[
        Case("a (2, 3) float tensor that requires grad",
             _describe_case(lambda: Tensor(np.zeros((2, 3)), requires_grad=True))),
        Case("an integer vector of 4 labels",
             _describe_case(lambda: Tensor(np.array([3, 0, 1, 1])))),
        Case("a 0-d tensor holding one number, Tensor(2.5)", _describe_case(lambda: Tensor(2.5))),
        Case("the result of an op: a + a, for a leaf a that requires grad",
             _describe_case(_node)),
        Case("a float32 batch", _describe_case(
            lambda: Tensor(np.ones((4, 1, 5), dtype=np.float32))), hidden=True),
        Case("another op's result", _describe_case(_node_of_matrix), hidden=True),
    ],
    mistakes={
        "`numel` should count every element (6 for a 2×3 tensor); len(t) only counts the "
        "rows, the length of the first axis, and fails on a 0-d tensor": describe_numel_is_len,
        "a leaf is a tensor you created yourself, whether it requires grad or not; a tensor "
        "made by an op is a node (is_leaf False). Use t.is_leaf rather than working it out "
        "from requires_grad": describe_leaf_means_no_grad,
        "`dtype` should be the dtype's name, a string such as 'float64', not the dtype "
        "object itself: use t.dtype.name (or str(t.dtype))": describe_dtype_object,
    },
    hints=[
        "Almost everything is a property of the tensor already: t.shape, t.ndim, t.dtype, "
        "t.requires_grad, t.is_leaf.",
        "The number of elements is the product of the shape (1 for a 0-d tensor): t.numel() "
        "gives it. The dtype's name is t.dtype.name.",
        "return {'shape': t.shape, 'ndim': t.ndim, 'dtype': t.dtype.name, 'numel': t.numel(), "
        "'requires_grad': t.requires_grad, 'is_leaf': t.is_leaf}",
    ],
)


# -- 01.make_parameter ---------------------------------------------------------------------
def make_parameter_reference(values):
    return Tensor(values, dtype=np.float64, requires_grad=True)


def make_parameter_no_grad(values):
    return Tensor(values, dtype=np.float64)


def make_parameter_keeps_dtype(values):
    return Tensor(values, requires_grad=True)


def make_parameter_array(values):
    return np.array(values, dtype=np.float64)


def _parameter_case(make):
    def run(answer):
        return _report(answer(make()), "values", "dtype", "requires_grad")
    return run


MAKE_PARAMETER = Exercise(
    id="01.make_parameter", title="a tensor you can train", entry="make_parameter", points=1,
    reference=make_parameter_reference,
    cases=[
        Case("a nested list of floats, [[0.5, -1.0], [2.0, 0.25]]",
             _parameter_case(lambda: [[0.5, -1.0], [2.0, 0.25]])),
        Case("a nested list of whole numbers, [[1, 2], [3, 4]]",
             _parameter_case(lambda: [[1, 2], [3, 4]])),
        Case("an integer NumPy array, np.arange(6).reshape(2, 3)",
             _parameter_case(lambda: np.arange(6).reshape(2, 3))),
        Case("a float32 NumPy array of 3 values",
             _parameter_case(lambda: np.array([0.1, 0.2, 0.3], dtype=np.float32))),
        Case("a single number", _parameter_case(lambda: 7), hidden=True),
        Case("a larger integer array", _parameter_case(
            lambda: np.arange(24, dtype=np.int32).reshape(2, 3, 4)), hidden=True),
    ],
    mistakes={
        "forgot requires_grad: the tensor has the right values and dtype, but a parameter "
        "must be created with requires_grad=True so that backward() fills its .grad":
            make_parameter_no_grad,
        "a NumPy array keeps its dtype: an integer array stays integer (and integer tensors "
        "cannot require grad, hence the TypeError), a float32 array stays float32. Ask for "
        "float64 explicitly with dtype=": make_parameter_keeps_dtype,
        "make_parameter must return a minigrad Tensor; yours returns something else (a NumPy "
        "array?), which has no requires_grad and no .grad": make_parameter_array,
    },
    hints=[
        "Tensor(data, requires_grad=..., dtype=...) does all of it; the question is which "
        "arguments you need.",
        "Lists already become float64, but NumPy arrays keep their dtype, and an integer tensor "
        "cannot require grad. dtype= always wins.",
        "Pass dtype=np.float64 and requires_grad=True to Tensor(values, ...).",
    ],
)


# -- 01.mlp_shapes -------------------------------------------------------------------------
def mlp_shapes_reference(n, height, width, hidden, classes):
    features = height * width
    return {"images": (n, height, width), "inputs": (n, features),
            "weight1": (hidden, features), "bias1": (hidden,), "hidden": (n, hidden),
            "weight2": (classes, hidden), "bias2": (classes,), "logits": (n, classes)}


def mlp_shapes_transposed(n, height, width, hidden, classes):
    shapes = mlp_shapes_reference(n, height, width, hidden, classes)
    shapes["weight1"], shapes["weight2"] = shapes["weight1"][::-1], shapes["weight2"][::-1]
    return shapes


def mlp_shapes_flat_batch(n, height, width, hidden, classes):
    shapes = mlp_shapes_reference(n, height, width, hidden, classes)
    shapes["inputs"] = (n * height * width,)
    return shapes


def mlp_shapes_batched_bias(n, height, width, hidden, classes):
    shapes = mlp_shapes_reference(n, height, width, hidden, classes)
    shapes["bias1"], shapes["bias2"] = (n, hidden), (n, classes)
    return shapes


def _shapes_case(*sizes):
    def run(answer):
        return answer(*sizes)
    return run


MLP_SHAPES = Exercise(
    id="01.mlp_shapes", title="the shapes of a small network", entry="mlp_shapes", points=1,
    reference=mlp_shapes_reference,
    cases=[
        Case("a batch of 32 images of 28×28 pixels, 100 hidden units, 10 classes",
             _shapes_case(32, 28, 28, 100, 10)),
        Case("a batch of 8 images of 4×6 pixels (not square), 16 hidden units, 3 classes",
             _shapes_case(8, 4, 6, 16, 3)),
        Case("a batch of a single 28×28 image, 64 hidden units, 10 classes",
             _shapes_case(1, 28, 28, 64, 10)),
        Case("other batch and layer sizes", _shapes_case(5, 10, 12, 7, 4), hidden=True),
    ],
    mistakes={
        "a weight matrix is stored as (out_features, in_features), PyTorch's layout "
        "(y = x @ weight.T + bias); yours are transposed": mlp_shapes_transposed,
        "flatten each image, not the whole batch: the inputs keep the batch axis first, one "
        "row of height × width pixels per image": mlp_shapes_flat_batch,
        "a bias holds one number per output feature, shared by every example in the batch, "
        "so it has no batch axis": mlp_shapes_batched_bias,
    },
    hints=[
        "Work left to right and write each shape as a tuple. Every activation (images, "
        "inputs, hidden, logits) starts with the batch size n; parameters (weights, biases) "
        "do not depend on n at all.",
        "Flattening an image of height × width pixels gives height * width features. A layer "
        "from in_features to out_features has a weight of shape (out_features, in_features) "
        "and a bias of shape (out_features,).",
        "inputs: (n, height * width); weight1: (hidden, height * width); bias1: (hidden,); "
        "hidden: (n, hidden); weight2: (classes, hidden); bias2: (classes,); "
        "logits: (n, classes).",
    ],
)


# -- 01.tensor_dtype -----------------------------------------------------------------------
def tensor_dtype_reference(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, Tensor):
        return data.dtype.name
    if isinstance(data, (np.ndarray, np.generic)):
        return data.dtype.name
    return "float64"


def tensor_dtype_numpy_rules(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    if isinstance(data, Tensor):
        return data.dtype.name
    return np.asarray(data).dtype.name


def tensor_dtype_always_float64(data, dtype=None):
    if dtype is not None:
        return np.dtype(dtype).name
    return "float64"


def tensor_dtype_ignores_dtype(data, dtype=None):
    return tensor_dtype_reference(data)


def _dtype_case(make, dtype=None):
    def run(answer):
        result = answer(make()) if dtype is None else answer(make(), dtype=dtype)
        return result.name if isinstance(result, np.dtype) else result   # a dtype is fine too
    return run


TENSOR_DTYPE = Exercise(
    id="01.tensor_dtype", title="the dtype policy", entry="tensor_dtype", points=2,
    reference=tensor_dtype_reference,
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
        Case("a NumPy scalar", _dtype_case(lambda: np.int32(7)), hidden=True),
        Case("an image", _dtype_case(lambda: np.zeros((2, 2), dtype=np.uint8)), hidden=True),
        Case("a mask", _dtype_case(lambda: np.array([True, False])), hidden=True),
        Case("a list with a dtype", _dtype_case(lambda: [0.5, 1.5], dtype=np.dtype("int16")),
             hidden=True),
    ],
    mistakes={
        "Python numbers and lists become float64 in minigrad, even whole numbers: that is "
        "the default dtype. (NumPy alone would make 3 and [[1, 2], [3, 4]] int64; minigrad "
        "does not follow it there)": tensor_dtype_numpy_rules,
        "a NumPy array (or NumPy scalar, or Tensor) keeps the dtype it already has: an int64 "
        "array stays int64, a float32 array stays float32. Only Python numbers and lists get "
        "the float64 default": tensor_dtype_always_float64,
        "dtype= always wins: when it is given, the tensor has that dtype whatever the data "
        "is": tensor_dtype_ignores_dtype,
    },
    hints=[
        "Three rules, checked in order: is dtype given? Is the data already typed (a NumPy "
        "array, a NumPy scalar, a Tensor)? Otherwise it is a Python number or list.",
        "np.dtype(dtype).name turns np.float32, 'float32' or np.dtype('float32') into "
        "'float32'. isinstance(data, (np.ndarray, np.generic)) recognises NumPy data, and "
        "data.dtype.name is its dtype's name.",
        "if dtype is not None: return np.dtype(dtype).name; if isinstance(data, (Tensor, "
        "np.ndarray, np.generic)): return data.dtype.name; otherwise return 'float64'.",
    ],
)


# -- 01.one_hot ----------------------------------------------------------------------------
def _labels_array(labels):
    return labels.data if isinstance(labels, Tensor) else np.asarray(labels)


def one_hot_reference(labels, classes):
    data = _labels_array(labels)
    if not np.issubdtype(data.dtype, np.integer):
        raise TypeError(f"labels must be integers, got dtype {data.dtype}")
    if data.size and (data.min() < 0 or data.max() >= classes):
        raise ValueError(f"labels must lie in 0..{classes - 1}")
    out = np.zeros((data.shape[0], classes))
    out[np.arange(data.shape[0]), data] = 1.0
    return Tensor(out)


def one_hot_unchecked(labels, classes):
    return Tensor(np.eye(classes)[_labels_array(labels)])


def one_hot_no_negative_check(labels, classes):
    data = _labels_array(labels)
    if not np.issubdtype(data.dtype, np.integer):
        raise TypeError(f"labels must be integers, got dtype {data.dtype}")
    if data.max() >= classes:
        raise ValueError(f"labels must be below {classes}")
    return Tensor(np.eye(classes)[data])


def one_hot_returns_array(labels, classes):
    return one_hot_reference(labels, classes).data


def one_hot_rounds_floats(labels, classes):
    data = _labels_array(labels).astype(int)
    if data.min() < 0 or data.max() >= classes:
        raise ValueError(f"labels must lie in 0..{classes - 1}")
    return Tensor(np.eye(classes)[data])


def _one_hot_case(make, classes):
    def run(answer):
        return _report(answer(make(), classes), "values", "dtype")
    return run


def _many_labels():
    return np.random.default_rng(1).integers(0, 10, size=64)


ONE_HOT = Exercise(
    id="01.one_hot", title="one-hot labels, with clear errors (stretch)", entry="one_hot",
    points=2,
    reference=one_hot_reference,
    cases=[
        Case("a list of labels [0, 2, 1], 3 classes", _one_hot_case(lambda: [0, 2, 1], 3)),
        Case("an int64 NumPy array [3, 3, 0, 1], 5 classes (a repeated label, an unused "
             "class)", _one_hot_case(lambda: np.array([3, 3, 0, 1]), 5)),
        Case("an integer Tensor of labels [1, 0], 2 classes",
             _one_hot_case(lambda: Tensor(np.array([1, 0])), 2)),
        Case("a label equal to the number of classes: [0, 3] with 3 classes",
             _one_hot_case(lambda: [0, 3], 3)),
        Case("a negative label: [1, -1] with 3 classes", _one_hot_case(lambda: [1, -1], 3)),
        Case("labels that are not whole numbers: [0.0, 1.5] with 3 classes",
             _one_hot_case(lambda: [0.0, 1.5], 3)),
        Case("a larger batch", _one_hot_case(_many_labels, 10), hidden=True),
        Case("a float Tensor", _one_hot_case(lambda: Tensor([0, 1]), 2), hidden=True),
        Case("another bad label", _one_hot_case(lambda: np.array([2, 0, -3]), 4), hidden=True),
    ],
    mistakes={
        "labels outside 0..classes-1 must raise ValueError, and yours are not checked: NumPy "
        "indexing wraps a negative label round to the last class without a word, and raises "
        "IndexError for one that is too large. Check the range yourself before building the "
        "result": one_hot_unchecked,
        "a negative label must raise ValueError too, not only one that is too large: NumPy "
        "indexing would quietly read -1 as the last class": one_hot_no_negative_check,
        "labels must have an integer dtype: raise TypeError for float labels (1.5 is not a "
        "class) instead of converting them with astype(int), which silently rounds "
        "them": one_hot_rounds_floats,
        "your checks are right, but one_hot must return a minigrad Tensor, and yours returns "
        "something else (a NumPy array?): wrap the result, return Tensor(out)":
            one_hot_returns_array,
    },
    hints=[
        "First get the labels as a NumPy array whatever they came as (a Tensor's array is "
        "its .data; np.asarray handles lists). Then validate, then build.",
        "Validate in this order: np.issubdtype(data.dtype, np.integer), or raise TypeError; "
        "then every label must satisfy 0 <= label < classes, or raise ValueError. To build: "
        "start from np.zeros((len(data), classes)) and set a 1.0 in each row.",
        "out[np.arange(len(data)), data] = 1.0 sets row i's 1 at column data[i]; "
        "np.eye(classes)[data] does the same. Wrap the result: return Tensor(out).",
    ],
)

EXERCISES = [DESCRIBE, MAKE_PARAMETER, MLP_SHAPES, TENSOR_DTYPE, ONE_HOT]
