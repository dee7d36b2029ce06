"""Errors that teach: the op's name, both shapes, the offending type."""

import numpy as np
import pytest

import minigrad as mg


@pytest.mark.parametrize("op, fn", [("add", lambda a, b: a + b), ("sub", lambda a, b: a - b),
                                    ("mul", lambda a, b: a * b), ("div", lambda a, b: a / b),
                                    ("pow", lambda a, b: a ** b)])
def test_broadcast_errors_name_the_op_and_both_shapes(op, fn):
    a, b = mg.Tensor(np.ones((2, 3))), mg.Tensor(np.ones(4))
    with pytest.raises(mg.ShapeError, match=rf"^{op}: shapes \(2, 3\) and \(4,\) cannot be broadcast"):
        fn(a, b)


def test_shape_error_is_a_value_error():
    assert issubclass(mg.ShapeError, ValueError)


def test_mm_errors():
    with pytest.raises(mg.ShapeError, match=r"mm: shapes \(2, 3\) and \(4, 5\).*3 columns.*4 rows"):
        mg.mm(mg.Tensor(np.ones((2, 3))), mg.Tensor(np.ones((4, 5))))
    with pytest.raises(mg.ShapeError, match=r"mm: expects two 2-D tensors, got shapes \(3,\)"):
        mg.mm(mg.Tensor(np.ones(3)), mg.Tensor(np.ones((3, 2))))


def test_matmul_errors():
    with pytest.raises(mg.ShapeError, match=r"matmul: shapes \(2, 3\) and \(2,\).*\(3\).*\(2\)"):
        mg.Tensor(np.ones((2, 3))) @ mg.Tensor(np.ones(2))
    with pytest.raises(mg.ShapeError, match=r"batch dimensions of shapes \(2, 1, 3\) and \(3, 3, 1\)"):
        mg.Tensor(np.ones((2, 1, 3))) @ mg.Tensor(np.ones((3, 3, 1)))
    with pytest.raises(mg.ShapeError, match="at least one dimension"):
        mg.Tensor(2.0) @ mg.Tensor(np.ones(2))


def test_wrong_operand_types_are_named():
    t = mg.Tensor([1.0])
    with pytest.raises(TypeError, match="add: expected a Tensor, a number or an array, got str"):
        t + "1"
    with pytest.raises(TypeError, match="mul.*got dict"):
        t * {}


def test_dims_out_of_range():
    t = mg.Tensor(np.ones((2, 3)))
    with pytest.raises(IndexError, match=r"sum: dim 2 is out of range.*2 dimension"):
        t.sum(2)
    with pytest.raises(ValueError, match="same axis twice"):
        t.sum((0, -2))
    with pytest.raises(TypeError, match="dim must be an int"):
        t.mean(1.5)
    with pytest.raises(IndexError, match="expand: dim 5"):
        t.expand(5, 2)


def test_reshape_broadcast_to_transpose_index_errors():
    t = mg.Tensor(np.ones((2, 3)))
    with pytest.raises(mg.ShapeError, match=r"reshape: cannot reshape a tensor of shape \(2, 3\) \(6 elements\) into shape \(4,\)"):
        t.reshape(4)
    with pytest.raises(mg.ShapeError, match=r"broadcast_to: shape \(2, 3\) cannot be broadcast to \(3, 3\)"):
        t.broadcast_to((3, 3))
    with pytest.raises(mg.ShapeError, match=r"transpose: needs at least 2 dimensions"):
        mg.Tensor([1.0]).transpose()
    with pytest.raises(IndexError, match=r"shape \(2, 3\)"):
        t[5]
    with pytest.raises(ValueError, match="permute"):
        t.permute(0, 0)
