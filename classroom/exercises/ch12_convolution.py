"""Chapter 12 exercises: the output size of a convolution, a convolution by loops, im2col,
the kernel's gradient, and (stretch) max pooling as one recorded op with its backward.

Answers use NumPy, ``minigrad.Tensor`` and ``minigrad.autograd.record``; they do not
call minigrad's ``conv2d`` / ``Conv2d`` / ``max_pool2d`` / ``MaxPool2d`` (or the private
helpers behind them), which are what they write.
"""

import numpy as np

from minigrad.tensor import Tensor
from .core import FLOAT64_RTOL, Case, Exercise, broken
from .rules import Untouched, run_op, whole_number

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from minigrad.autograd import record
from classroom import check, hint, solution"""

#: The library's convolution and pooling: what every exercise here asks the learner to write
#: (running a library convolution on zeros to read off a shape is a shortcut too).
_LIBRARY = ("minigrad.nn.functional.conv2d", "minigrad.nn.functional.conv1d",
            "minigrad.nn.Conv2d", "minigrad.nn.functional.max_pool2d",
            "minigrad.nn.functional.avg_pool2d", "minigrad.nn.MaxPool2d",
            "minigrad.nn.AvgPool2d", "minigrad.nn.conv._patches", "minigrad.nn.conv._col2im")


def _returned(out, what):
    if out is None:
        broken(f"{what} returned None: did it forget to `return` its result?")
    return out


def _array_out(out, what):
    """The answer's result, which must be a NumPy array, as the texts ask (not a Tensor, not
    a list)."""
    out = _returned(out, what)
    if isinstance(out, Tensor):
        broken(f"{what} should return a NumPy array, but it returned a Tensor: this exercise "
               f"works on arrays, so return the array itself")
    if not isinstance(out, np.ndarray):
        broken(f"{what} should return a NumPy array, but it returned a {type(out).__name__}: "
               f"build the result with np.zeros(...) (or np.array) and fill it in")
    return out


def _data(seed, shape, low=-2, high=3):
    """Small whole numbers as floats: results are exact, and easy to check by hand."""
    return np.random.default_rng(seed).integers(low, high, shape).astype(float)


# -- 12.output_size -------------------------------------------------------------------------


def _size_case(calls):
    """``calls``: {label: (args, kwargs)}; each result must be an int."""
    def run(answer):
        found = {}
        for label, (args, kwargs) in calls.items():
            out = _returned(answer(*args, **kwargs), "conv_output_size")
            whole_number(out, f"conv_output_size{label}")
            found[label] = out
        return found
    return run


def _refuses(args, kwargs):
    def run(answer):
        return {"result": answer(*args, **kwargs)}
    return run


def _calls(*items):
    """Labels that show the call: ``(8, 3)`` or ``(8, 3, stride=2, padding=1)``."""
    found = {}
    for args, kwargs in items:
        text = ", ".join([str(a) for a in args] + [f"{k}={v}" for k, v in kwargs.items()])
        found[f"({text})"] = (args, kwargs)
    return found


OUTPUT_SIZE = Exercise(
    id="12.output_size", title="the output size of a convolution (warm-up)",
    entry="conv_output_size", points=1, forbids=_LIBRARY, pure=True,
    cases=[
        Case("no padding, stride 1: sizes 8, 5 and 3 with a kernel of 3",
             _size_case(_calls(((8, 3), {}), ((5, 3), {}), ((3, 3), {})))),
        Case("padding on both sides: (8, 3, padding=1), (8, 5, padding=2), (7, 3, padding=2)",
             _size_case(_calls(((8, 3), {"padding": 1}), ((8, 5), {"padding": 2}),
                               ((7, 3), {"padding": 2})))),
        Case("strides that divide evenly: (9, 3, stride=2), (8, 2, stride=2), "
             "(10, 4, stride=3)",
             _size_case(_calls(((9, 3), {"stride": 2}), ((8, 2), {"stride": 2}),
                               ((10, 4), {"stride": 3})))),
        Case("strides that do not divide evenly: (8, 3, stride=2), (7, 2, stride=2), "
             "(10, 2, stride=3), (28, 5, stride=3, padding=1)",
             _size_case(_calls(((8, 3), {"stride": 2}), ((7, 2), {"stride": 2}),
                               ((10, 2), {"stride": 3}), ((28, 5), {"stride": 3, "padding": 1})))),
        Case("a kernel larger than the padded input, (2, 5, padding=1), must raise ValueError",
             _refuses((2, 5), {"padding": 1})),
        Case("kernels longer than size that fit once the padding is added: (2, 3, padding=1), "
             "(1, 3, padding=1), (3, 5, stride=2, padding=1)",
             _size_case(_calls(((2, 3), {"padding": 1}), ((1, 3), {"padding": 1}),
                               ((3, 5), {"stride": 2, "padding": 1})))),
    ],
    mistakes={
        "output_size_no_plus_one":
            "every size is one too small: (size + 2·padding − kernel) / stride counts the steps "
            "the window can take, and the window also has its first position before any "
            "step. Add 1",
        "output_size_one_side":
            "the padding was added once, but it goes on both sides (before and after), so the "
            "padded size is size + 2·padding",
        "output_size_float":
            "the result is a float: / always gives a float in Python. Use // (floor "
            "division), which is also the rounding down the formula asks for",
        "output_size_ceil":
            "you rounded up: a last window that would hang over the edge does not count, so "
            "(size + 2·padding − kernel) / stride is rounded down (//), then 1 is added",
        "output_size_divides_the_count":
            "you divided the number of stride-1 positions by the stride, "
            "⌊(size + 2·padding − kernel + 1) / stride⌋. The windows start at 0, stride, "
            "2·stride, … as long as the start is at most size + 2·padding − kernel: "
            "that is ⌊(size + 2·padding − kernel) / stride⌋ + 1 of them",
    },
    hints=[
        "Pad first: the input is size + 2·padding long. A window of kernel_size fits at the "
        "starts 0, stride, 2·stride, … as long as it does not hang over the end.",
        "The last start that fits is size + 2·padding − kernel_size. Count the starts 0, "
        "stride, 2·stride, … up to it: integer division by the stride counts the steps, and "
        "the first start is one more. Check that the kernel fits at all before that.",
        "Worked on size 7, kernel 3, stride 2, padding 0: the starts are 0, 2 and 4 (6 would "
        "need pixels 6, 7 and 8, but the last pixel is 6), so the output has 3 values; "
        "(7 − 3) // 2 = 2 steps. With size 2, kernel 5 and padding 1 the padded input is 4 "
        "long: the kernel never fits, so raise ValueError.",
    ],
)


# -- 12.conv2d_loops ------------------------------------------------------------------------


def _conv_case(x_shape, w_shape, seed, bias=True, int_image=False):
    """``int_image``: x holds integers (as an image's pixels do) while the kernel and the
    bias hold fractions, so the output holds fractions too."""
    def run(answer):
        x = _data(seed, x_shape)
        w = _data(seed + 1, w_shape)
        b = _data(seed + 2, (w_shape[0],)) if bias else np.zeros(w_shape[0])
        if int_image:
            x = np.random.default_rng(seed).integers(0, 256, x_shape)
            w, b = w / 4 + 0.1, b / 8 + 0.05
        kept = Untouched(x=x, weight=w, bias=b)
        out = _array_out(answer(x, w, b), "conv2d_loops")
        kept.check("your conv2d_loops")
        return {"output": out}
    return run


CONV_LOOPS = Exercise(
    id="12.conv2d_loops", title="a convolution, by loops", entry="conv2d_loops", points=1,
    forbids=_LIBRARY,
    cases=[
        Case("one 4×4 image, one channel, one 2×2 kernel, bias 0",
             _conv_case((1, 1, 4, 4), (1, 1, 2, 2), 0, bias=False)),
        Case("one 5×5 image, one channel, two 3×3 kernels with a bias",
             _conv_case((1, 1, 5, 5), (2, 1, 3, 3), 10)),
        Case("one 4×5 image with 2 channels, 3 output channels, kernel 3×2",
             _conv_case((1, 2, 4, 5), (3, 2, 3, 2), 20)),
        Case("a batch of 3 images with 2 channels, 6×5, two 2×3 kernels",
             _conv_case((3, 2, 6, 5), (2, 2, 2, 3), 30)),
        Case("an integer image (pixels 0 to 255, dtype int64) with a kernel and a bias of "
             "fractions: the output holds fractions", _conv_case((1, 1, 4, 4), (2, 1, 2, 2), 40,
                                                              int_image=True)),
    ],
    mistakes={
        "conv_loops_flipped":
            "the kernel was flipped (a convolution as mathematicians define it). Deep learning's "
            "convolution slides the kernel as it is: out[n, o, i, j] = Σ x[n, c, i + p, j + q] · "
            "weight[o, c, p, q], with p and q counting forward in both",
        "conv_loops_no_bias":
            "the bias is missing: add bias[o] to every value of output channel o",
        "conv_loops_one_short":
            "the output is one row and one column too small: a kernel of height kh fits at "
            "rows 0, 1, …, H − kh, which is H − kh + 1 positions (range(H - kh + 1)), and "
            "likewise for the width",
        "conv_loops_one_channel":
            "only the first input channel was used: each output value sums over every input "
            "channel c as well as over the kernel's rows and columns",
        "conv_loops_input_dtype":
            "the output was made with the input's dtype, so for an integer image every value "
            "was cut to a whole number: make the output array of floats (np.zeros gives "
            "float64), whatever the image's dtype",
        "conv_loops_bias_in_sum":
            "the bias was added inside the sum, so it counts once for every kernel entry of "
            "every channel (C·kh·kw times): np.sum the products first, then add bias[o] once",
    },
    hints=[
        "Every output value is one dot product: the kernel `weight[o]` (all its channels) "
        "times the patch of `x[n]` under it, summed, plus `bias[o]`. Loop over n, o and the "
        "output positions (i, j).",
        "Where learners slip: the output has H − kh + 1 rows (the kernel fits at rows 0 to "
        "H − kh), each value sums over every input channel as well as the kernel's rows and "
        "columns, the bias is added once, after the sum, and the output array holds floats "
        "whatever the image's dtype.",
        "Worked on one channel, x = [[1, 2, 3], [4, 5, 6], [7, 8, 9]], kernel [[1, 0], "
        "[0, -1]], bias 0: at (0, 0) the patch is [[1, 2], [4, 5]], so the value is 1·1 + "
        "5·(−1) = −4; at (0, 1) it is 2 − 6 = −4. The output is 2×2.",
    ],
)


# -- 12.im2col ------------------------------------------------------------------------------


def _im2col_case(x_shape, kh, kw, stride, seed):
    def run(answer):
        x = _data(seed, x_shape, -5, 6)
        kept = Untouched(x=x)
        if stride == 1:
            out = _array_out(answer(x, kh, kw), "im2col")
        else:
            out = _array_out(answer(x, kh, kw, stride=stride), "im2col")
        kept.check("your im2col")
        return {"columns": out}
    return run


IM2COL = Exercise(
    id="12.im2col", title="im2col: every patch as a column", entry="im2col", points=2,
    rtol=FLOAT64_RTOL,
    forbids=_LIBRARY,
    cases=[
        Case("one 3×4 image, one channel, a 2×2 kernel (4 rows, 6 columns)",
             _im2col_case((1, 1, 3, 4), 2, 2, 1, 0)),
        Case("one 4×5 image with 2 channels, a 2×3 kernel: rows in (channel, row, column) order",
             _im2col_case((1, 2, 4, 5), 2, 3, 1, 1)),
        Case("a batch of 3 images with 3 channels, 5×4, a 3×2 kernel",
             _im2col_case((3, 3, 5, 4), 3, 2, 1, 2)),
        Case("stride 2: one 5×7 image with 2 channels, a 3×3 kernel",
             _im2col_case((1, 2, 5, 7), 3, 3, 2, 3)),
    ],
    mistakes={
        "im2col_transposed":
            "the matrix is transposed: it should have one row per kernel entry (C·kh·kw of them) "
            "and one column per output position (Ho·Wo), so that weight.reshape(O, -1) @ cols "
            "computes the convolution",
        "im2col_positions_column_major":
            "the columns are in the wrong order: output positions go row by row, as reshape "
            "reads them, so column l is position (l // Wo, l % Wo), not (l % Ho, l // Ho)",
        "im2col_channels_last":
            "the rows are in the wrong order: they must follow weight.reshape(O, -1), whose "
            "entry (c, p, q) is number c·kh·kw + p·kw + q: channel first, then the kernel's "
            "row, then its column",
        "im2col_ignores_stride":
            "the stride was ignored: with stride s the windows start at rows 0, s, 2s, … and "
            "columns 0, s, 2s, …, so there are (H − kh) // s + 1 rows of positions",
        "im2col_kernel_column_major":
            "within each channel the kernel's entries are in the wrong order, column by "
            "column: weight.reshape(O, -1) reads a kernel row by row, so row "
            "c·kh·kw + p·kw + q holds kernel row p, column q, that is "
            "x[n, c, i·stride + p, j·stride + q]",
        "im2col_stride_in_count_only":
            "the number of positions uses the stride but the patches do not: they are taken "
            "at neighbouring pixels. Output position (i, j) starts at row i·stride and column "
            "j·stride, so the slice for each kernel offset must step by the stride too",
    },
    hints=[
        "Column l holds the patch that output position l sees, flattened in the order of "
        "`weight.reshape(O, -1)`: channel, then kernel row, then kernel column. Positions go "
        "row by row.",
        "The step people get stuck on is the order. Build the columns in an array shaped "
        "(N, C, kh, kw, Ho, Wo) first, so that one reshape at the end gives the rows in "
        "weight's order and the positions row by row; a loop over the kh·kw kernel offsets "
        "can fill it with one strided slice each (the stride applies to the slice, too).",
        "Worked on one channel, x = [[1, 2, 3], [4, 5, 6]], kernel 2×2, stride 1: Ho = 1, "
        "Wo = 2; the patches are [[1, 2], [4, 5]] and [[2, 3], [5, 6]], so the columns are "
        "[1, 2, 4, 5] and [2, 3, 5, 6], and `cols[0]` is [[1, 2], [2, 3], [4, 5], [5, 6]].",
    ],
)


# -- 12.conv_weight_grad --------------------------------------------------------------------


def _weight_grad_case(x_shape, g_shape, seed):
    def run(answer):
        x = _data(seed, x_shape)
        g = _data(seed + 1, g_shape)
        kept = Untouched(x=x, grad_out=g)
        out = _array_out(answer(x, g), "conv2d_weight_grad")
        kept.check("your conv2d_weight_grad")
        return {"gradient of the weight": out}
    return run


WEIGHT_GRAD = Exercise(
    id="12.conv_weight_grad", title="the kernel's gradient", entry="conv2d_weight_grad",
    points=2, forbids=_LIBRARY,
    cases=[
        Case("one 4×4 image, one channel, one filter: an output gradient of 3×3, so a 2×2 "
             "kernel", _weight_grad_case((1, 1, 4, 4), (1, 1, 3, 3), 0)),
        Case("one 5×4 image with 2 channels, 3 filters: an output gradient of 3×3, so a 3×2 "
             "kernel", _weight_grad_case((1, 2, 5, 4), (1, 3, 3, 3), 10)),
        Case("a batch of 3 images with 2 channels, 4×5, 2 filters, output gradient 2×3 (the "
             "images' contributions add up)", _weight_grad_case((3, 2, 4, 5), (3, 2, 2, 3), 20)),
    ],
    mistakes={
        "weight_grad_flipped":
            "the gradient is flipped: it is a correlation, with nothing reversed. Weight "
            "[o, c, p, q] multiplied x[n, c, i + p, j + q] into out[n, o, i, j], so its gradient "
            "is Σ over n, i, j of grad_out[n, o, i, j] · x[n, c, i + p, j + q]",
        "weight_grad_channels_swapped":
            "the result has the input and output channels swapped: a weight has shape "
            "(O, C, kh, kw), out-channels first, like the weight it is the gradient of",
        "weight_grad_batch_mean":
            "you averaged over the batch: every image's contribution adds up (the loss's own "
            "mean, if it has one, is already inside grad_out), so sum over n",
        "weight_grad_last_image":
            "only the last image counts: inside the loop over the batch the result was "
            "assigned (=) instead of accumulated (+=)",
    },
    hints=[
        "Weight [o, c, p, q] met `x[n, c, i + p, j + q]` in every output value `out[n, o, i, "
        "j]`, so its gradient adds `grad_out[n, o, i, j] * x[n, c, i + p, j + q]` over n, i "
        "and j. The kernel's size follows from the shapes: kh = H − Ho + 1.",
        "Loop over the kernel offsets (p, q), not the positions: for one offset, the slice of "
        "x that the weight at (p, q) met has the output's height and width. The step people "
        "get stuck on is the sum over n, i and j for every pair (o, c) at once: it is one "
        "matrix product, once o and c are moved to the front and the other axes flattened "
        "(or one `np.einsum`). Nothing is flipped, and every image adds its share.",
        "Worked on one channel, x = [[1, 2, 3], [4, 5, 6]] and grad_out = [[1, -1]] (so "
        "Ho = 1, Wo = 2 and the kernel is 2×2): the gradient at (0, 0) is 1·1 + (−1)·2 = −1, "
        "at (0, 1) it is 2 − 3 = −1, at (1, 0) 4 − 5 = −1, at (1, 1) 5 − 6 = −1.",
    ],
)


# -- 12.max_pool ----------------------------------------------------------------------------


def _pool_case(values, k, upstream):
    """The pooled values, then the gradient of the input when ``upstream`` arrives."""
    def run(answer):
        x = Tensor(np.array(values, dtype=float), requires_grad=True)
        found = run_op(lambda: answer(x, k), {"x": x}, np.array(upstream, dtype=float),
                       what="your max_pool2d", single=(x,), own_backward=True)
        return {"pooled": found["value"], "gradient of x": found.get("grad x")}
    return run


_POOL_4x4 = [[[[1.0, 5.0, 2.0, 0.0], [3.0, 2.0, 8.0, 1.0],
               [0.0, -1.0, 4.0, 4.5], [-2.0, 6.0, 3.0, 2.0]]]]
_TIES = [[[[0.0, 0.0, 3.0, 1.0, 0.0, 3.0], [0.0, 0.0, 3.0, 3.0, 3.0, 0.0]]]]


def _pool_input(seed, shape):
    """Distinct values, so that every window has a single maximum."""
    rng = np.random.default_rng(seed)
    return (rng.permutation(int(np.prod(shape))).reshape(shape) - 10.0).tolist()


MAX_POOL = Exercise(
    id="12.max_pool", title="max pooling as one op, with its backward (stretch)",
    entry="max_pool2d", points=2, forbids=_LIBRARY,
    cases=[
        Case("one 4×4 input, windows of 2: the values, and the gradient of x for an incoming "
             "gradient [[1, 2], [3, 4]]", _pool_case(_POOL_4x4, 2, [[[[1, 2], [3, 4]]]])),
        Case("ties: a window of zeros (as after a ReLU), one with three 3s and one with two 3s "
             "on a diagonal; the whole gradient goes to the first maximum in reading order "
             "(row by row)",
             _pool_case(_TIES, 2, [[[[1.0, 1.0, 1.0]]]])),
        Case("a 5×7 input with windows of 2: the last row and column fit no window (a 2×3 "
             "output, no gradient for them)",
             _pool_case(_pool_input(1, (1, 1, 5, 7)), 2, np.full((1, 1, 2, 3), 0.5))),
        Case("a batch of 2 with 3 channels, 6×6, windows of 3, incoming gradient 2.5",
             _pool_case(_pool_input(2, (2, 3, 6, 6)), 3, np.full((2, 3, 2, 2), 2.5))),
    ],
    mistakes={
        "max_pool_spread_evenly":
            "the gradient was spread evenly over each window (that is average pooling's "
            "backward). Only the maximum reached the output, so the window's whole gradient "
            "goes to that one element and the others get 0",
        "max_pool_ignores_g":
            "the incoming gradient g was ignored: each window's maximum gets g at that "
            "window's output position (not 1)",
        "max_pool_all_ties":
            "when several elements tie for the maximum, every one of them got the gradient, "
            "so a window of zeros sends its gradient four times. Give it to the first maximum "
            "in reading order only (what argmax returns, and what PyTorch does)",
        "max_pool_overlapping":
            "the windows overlap (stride 1): max pooling here moves by the window size k, so "
            "an H × W input gives an (H // k) × (W // k) output",
    },
    hints=[
        "Forward: cut the input's array into k×k windows that do not overlap (drop leftover "
        "rows and columns) and take each window's maximum. Backward: each window's incoming "
        "gradient goes to the element that was its maximum.",
        "Where learners slip: the leftover rows and columns are dropped before the windows are "
        "cut; each window's whole gradient goes to one element, the first maximum in reading "
        "order on ties (what `np.argmax` picks), never to every tied one; and backward must "
        "not change what forward kept. Laying each window out as one axis of k·k values makes "
        "both directions one reshape away.",
        "Worked on one window [[1, 5], [3, 2]] with incoming gradient g = 2: the maximum is 5, "
        "at flat index 1 of the window, so the gradient of x is [[0, 2], [0, 0]]. Build the "
        "gradient in the (…, k·k) layout with zeros, put g at the argmax, undo the reshape, "
        "and pad back to H × W with zeros; return it as a one-item tuple from backward.",
    ],
)

EXERCISES = [OUTPUT_SIZE, CONV_LOOPS, IM2COL, WEIGHT_GRAD, MAX_POOL]
