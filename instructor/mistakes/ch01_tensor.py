"""Chapter 1's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch01_tensor.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from minigrad.tensor import Tensor


def describe_numel_is_len(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": len(t),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}


def describe_leaf_means_no_grad(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype.name, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": not t.requires_grad}


def describe_dtype_object(t):
    return {"shape": t.shape, "ndim": t.ndim, "dtype": t.dtype, "numel": t.numel(),
            "requires_grad": t.requires_grad, "is_leaf": t.is_leaf}


def make_parameter_no_grad(values):
    return Tensor(values, dtype=np.float64)


def make_parameter_keeps_dtype(values):
    return Tensor(values, requires_grad=True)


def make_parameter_array(values):
    return np.array(values, dtype=np.float64)


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


MISTAKES = {
    "01.describe": {
        "describe_numel_is_len": describe_numel_is_len,
        "describe_leaf_means_no_grad": describe_leaf_means_no_grad,
        "describe_dtype_object": describe_dtype_object,
    },
    "01.make_parameter": {
        "make_parameter_no_grad": make_parameter_no_grad,
        "make_parameter_keeps_dtype": make_parameter_keeps_dtype,
        "make_parameter_array": make_parameter_array,
    },
    "01.mlp_shapes": {
        "mlp_shapes_transposed": mlp_shapes_transposed,
        "mlp_shapes_flat_batch": mlp_shapes_flat_batch,
        "mlp_shapes_batched_bias": mlp_shapes_batched_bias,
    },
    "01.tensor_dtype": {
        "tensor_dtype_numpy_rules": tensor_dtype_numpy_rules,
        "tensor_dtype_always_float64": tensor_dtype_always_float64,
        "tensor_dtype_ignores_dtype": tensor_dtype_ignores_dtype,
    },
    "01.one_hot": {
        "one_hot_unchecked": one_hot_unchecked,
        "one_hot_no_negative_check": one_hot_no_negative_check,
        "one_hot_rounds_floats": one_hot_rounds_floats,
        "one_hot_returns_array": one_hot_returns_array,
    },
}
