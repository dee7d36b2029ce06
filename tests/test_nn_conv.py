"""Convolution, padding and pooling (chapter 12): against PyTorch, gradcheck, shapes, errors."""

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from minigrad.nn import functional as F
from torchref import compare, compare_parameter_grads, copy_into

rng = np.random.default_rng(0)


def leaf(*shape):
    return mg.Tensor(rng.standard_normal(shape), requires_grad=True)


# (input shape, weight shape, stride, padding, dilation, groups, bias)
CONV2D = [
    ((2, 3, 7, 6), (4, 3, 3, 3), 1, 0, 1, 1, True),
    ((2, 4, 9, 8), (6, 2, 3, 2), 2, 1, 1, 2, True),
    ((1, 4, 9, 9), (4, 1, 3, 3), (2, 1), (1, 2), (2, 1), 4, False),   # depthwise, dilated
    ((2, 3, 8, 8), (4, 3, 2, 2), 1, "same", 1, 1, True),              # even kernel: uneven pad
    ((2, 3, 8, 7), (4, 3, 3, 3), 1, "same", 2, 1, True),
    ((2, 3, 6, 6), (5, 3, 2, 2), 2, 0, 1, 1, True),                   # patches tile the input
    ((2, 3, 8, 8), (4, 3, 3, 3), 1, "valid", 1, 1, False),
    ((3, 6, 6), (2, 3, 3, 3), 1, 1, 1, 1, True),                      # unbatched (C, H, W)
    # images smaller than the dilated kernel's reach: some offsets miss the image entirely
    # (the grid way once read those slices from the wrong end)
    ((2, 1, 1, 2), (1, 1, 2, 2), 1, 1, 2, 1, True),
    ((2, 2, 2, 3), (3, 2, 3, 3), 1, 3, 3, 1, True),
    ((2, 2, 1, 4), (3, 2, 2, 2), 1, (2, 1), (3, 2), 1, False),
]


@pytest.mark.filterwarnings("ignore:Using padding=.same. with even kernel")
@pytest.mark.parametrize("xs, ws, stride, padding, dilation, groups, bias", CONV2D)
def test_conv2d_matches_pytorch(torch, xs, ws, stride, padding, dilation, groups, bias):
    arrays = [rng.standard_normal(xs), rng.standard_normal(ws), rng.standard_normal(ws[0])]

    def ours(x, w, b):
        return F.conv2d(x, w, b if bias else None, stride, padding, dilation, groups)

    def theirs(x, w, b):
        return torch.nn.functional.conv2d(x, w, b if bias else None, stride, padding, dilation,
                                          groups)

    compare(torch, ours, theirs, arrays, grad=[True, True, bias])


@pytest.mark.parametrize("xs, ws, stride, padding, dilation, groups", [
    ((2, 3, 10), (4, 3, 3), 1, 0, 1, 1), ((2, 4, 11), (6, 2, 4), 3, 2, 2, 2),
    ((2, 3, 9), (4, 3, 4), 1, "same", 1, 1), ((3, 10), (2, 3, 3), 2, 1, 1, 1)])
@pytest.mark.filterwarnings("ignore:Using padding=.same. with even kernel")
def test_conv1d_matches_pytorch(torch, xs, ws, stride, padding, dilation, groups):
    arrays = [rng.standard_normal(xs), rng.standard_normal(ws), rng.standard_normal(ws[0])]
    compare(torch, lambda x, w, b: F.conv1d(x, w, b, stride, padding, dilation, groups),
            lambda x, w, b: torch.nn.functional.conv1d(x, w, b, stride, padding, dilation,
                                                       groups), arrays)


@pytest.mark.parametrize("stride, padding, dilation, groups", [(1, 0, 1, 1), (2, 1, 1, 2), ((1, 2), 1, 1, 1),
                                                                (1, "same", (2, 1), 1)])
def test_conv2d_gradcheck(stride, padding, dilation, groups):
    x, w, b = leaf(2, 2, 5, 5), leaf(2, 2 // groups, 3, 2), leaf(2)
    assert mg.gradcheck(lambda x, w, b: F.conv2d(x, w, b, stride, padding, dilation, groups),
                        x, w, b)


def test_conv1d_gradcheck():
    assert mg.gradcheck(lambda x, w, b: F.conv1d(x, w, b, 2, 1), leaf(2, 2, 7), leaf(3, 2, 3),
                        leaf(3))


@pytest.mark.parametrize("mode", ["zeros", "reflect", "replicate", "circular"])
def test_conv2d_layer_padding_modes_and_state_dict_match_pytorch(torch, mode):
    ours = nn.Conv2d(3, 4, 3, stride=1, padding=2, padding_mode=mode, rng=rng)
    theirs = copy_into(torch, torch.nn.Conv2d(3, 4, 3, padding=2, padding_mode=mode), ours)
    x = rng.standard_normal((2, 3, 6, 5))
    compare(torch, ours, theirs, [x])
    compare_parameter_grads(ours, theirs)


def test_conv_layers_have_pytorchs_shapes_defaults_and_repr():
    conv = nn.Conv2d(6, 16, 5)
    assert conv.weight.shape == (16, 6, 5, 5) and conv.bias.shape == (16,)
    assert (conv.stride, conv.padding, conv.dilation, conv.groups) == ((1, 1), (0, 0), (1, 1), 1)
    assert conv(mg.Tensor(np.zeros((2, 6, 12, 12)))).shape == (2, 16, 8, 8)
    assert repr(conv) == "Conv2d(6, 16, kernel_size=(5, 5), stride=(1, 1))"
    assert repr(nn.Conv2d(2, 4, 3, 2, 1, groups=2, bias=False)) == \
        "Conv2d(2, 4, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1), groups=2, bias=False)"
    c1 = nn.Conv1d(3, 5, 4, padding="same")
    assert c1.weight.shape == (5, 3, 4) and c1(mg.Tensor(np.zeros((2, 3, 9)))).shape == (2, 5, 9)
    assert [n for n, _ in nn.Conv2d(1, 1, 1, bias=False).named_parameters()] == ["weight"]


def test_conv_initialisation_is_uniform_within_one_over_sqrt_fan_in():
    mg.manual_seed(0)
    conv = nn.Conv2d(8, 64, 3, groups=2)
    fan_in = 4 * 3 * 3
    bound = 1 / np.sqrt(fan_in)
    w = conv.weight.data
    assert np.abs(w).max() <= bound and np.abs(w).max() > 0.99 * bound
    assert w.var() == pytest.approx(bound ** 2 / 3, rel=0.05)     # a uniform's variance
    assert abs(w.mean()) < 0.05 * bound
    assert np.abs(conv.bias.data).max() <= bound


def test_conv_errors_name_the_problem():
    w = mg.Tensor(np.zeros((4, 3, 3, 3)))
    with pytest.raises(mg.ShapeError, match="3 x groups=1 = 3"):
        F.conv2d(mg.Tensor(np.zeros((1, 2, 5, 5))), w)
    with pytest.raises(mg.ShapeError, match="smaller than the kernel"):
        F.conv2d(mg.Tensor(np.zeros((1, 3, 2, 2))), w)
    with pytest.raises(ValueError, match="padding='same' is not supported for strided"):
        F.conv2d(mg.Tensor(np.zeros((1, 3, 5, 5))), w, stride=2, padding="same")
    with pytest.raises(ValueError, match="stride must be an int >= 1"):
        F.conv2d(mg.Tensor(np.zeros((1, 3, 5, 5))), w, stride=0)
    with pytest.raises(ValueError, match="divisible by groups"):
        nn.Conv2d(3, 4, 3, groups=2)
    with pytest.raises(ValueError, match="padding_mode"):
        nn.Conv2d(3, 4, 3, padding_mode="mirror")
    with pytest.raises(mg.ShapeError, match=r"input of shape \(N, C, L, L\)"):
        F.conv2d(mg.Tensor(np.zeros(5)), w)


def test_conv_backward_computes_only_what_is_needed():
    x = mg.Tensor(rng.standard_normal((2, 3, 5, 5)))            # data: no gradient wanted
    conv = nn.Conv2d(3, 2, 3, rng=rng)
    conv(x).sum().backward()
    assert x.grad is None and conv.weight.grad is not None and conv.bias.grad is not None
    frozen = nn.Conv2d(3, 2, 3, rng=rng).requires_grad_(False)
    x2 = leaf(2, 3, 5, 5)
    frozen(x2).sum().backward()
    assert frozen.weight.grad is None and x2.grad.shape == x2.shape


# Stride 1 takes one of two ways (the flat layout, or columns on the output's grid), runs
# a block of images at a time, and computes the input's gradient by col2im or by a full
# convolution of the gradient, depending on the shapes: every way, against PyTorch, with
# blocks of one image and blocks that leave a shorter last one.
@pytest.mark.parametrize("grid_rows", [0, 10 ** 9], ids=["flat", "grid"])
@pytest.mark.parametrize("block_bytes", [1, 50_000])      # 1 image per block; 1-2 images
@pytest.mark.parametrize("xs, ws, padding, dilation, groups", [
    ((3, 2, 12, 11), (2, 2, 3, 3), 1, 1, 1),        # as many outputs as inputs: full conv
    ((3, 2, 16, 15), (6, 2, 3, 2), 0, 1, 1),        # more outputs: col2im
    ((3, 4, 14, 12), (2, 2, 3, 3), 2, (2, 1), 2),   # groups and dilation, full conv
    ((5, 2, 500), (8, 1, 3), 1, 1, 2),              # 1-d, groups, col2im
    ((2, 3, 9, 8), (5, 3, 2, 4), "same", (1, 2), 1),   # uneven padding, col2im
    ((2, 3, 9, 8), (3, 3, 4, 2), "same", 1, 1),     # uneven padding, full conv
])
@pytest.mark.filterwarnings("ignore:Using padding=.same. with even kernel")
def test_conv_blocks_and_both_input_gradients_match_pytorch(torch, monkeypatch, grid_rows,
                                                            block_bytes, xs, ws, padding,
                                                            dilation, groups):
    from minigrad.nn import conv as conv_module
    monkeypatch.setattr(conv_module, "BLOCK_BYTES", block_bytes)
    monkeypatch.setattr(conv_module, "GRID_ROWS", grid_rows)
    arrays = [rng.standard_normal(xs), rng.standard_normal(ws), rng.standard_normal(ws[0])]
    ours_f, theirs_f = ((F.conv2d, torch.nn.functional.conv2d) if len(xs) == 4 else
                        (F.conv1d, torch.nn.functional.conv1d))
    compare(torch, lambda x, w, b: ours_f(x, w, b, 1, padding, dilation, groups),
            lambda x, w, b: theirs_f(x, w, b, 1, padding, dilation, groups), arrays)


def test_stride_one_takes_the_grid_way_for_few_rows_and_the_flat_way_for_many(monkeypatch):
    """The MNIST conv net's layers (C·k ≤ GRID_ROWS) take the grid way, wider ones the flat
    way, and each way computes only the gradients asked for."""
    from minigrad.nn import conv as conv_module
    taken = []
    for name in ("_grid", "_flat"):
        real = getattr(conv_module, name)
        monkeypatch.setattr(conv_module, name, lambda *a, real=real, name=name:
                            taken.append(name) or real(*a))
    for c_in in (1, 16, 17):
        x = leaf(2, c_in, 6, 6)
        for frozen in (False, True):
            conv = nn.Conv2d(c_in, 4, 3, padding=1, rng=rng).requires_grad_(not frozen)
            x.grad = None
            conv(x).sum().backward()
            assert (conv.weight.grad is None) == frozen and x.grad.shape == x.shape
    assert taken == ["_grid"] * 4 + ["_flat"] * 2


# -- padding ---------------------------------------------------------------------------------
@pytest.mark.parametrize("mode, pad", [("constant", (1, 2)), ("constant", (1, 2, 0, 3)),
                                        ("constant", (-1, 2, 1, -2)), ("reflect", (2, 1, 1, 2)),
                                        ("replicate", (3, 1, 0, 2)), ("circular", (2, 2, 1, 3))])
def test_pad_matches_pytorch(torch, mode, pad):
    x = rng.standard_normal((2, 3, 5, 4))
    compare(torch, lambda t: F.pad(t, pad, mode, 0.5 if mode == "constant" else 0.0),
            lambda t: torch.nn.functional.pad(t, pad, mode, 0.5 if mode == "constant" else None),
            [x])


def test_pad_gradcheck_and_errors():
    for mode in ("constant", "reflect", "replicate", "circular"):
        assert mg.gradcheck(lambda t: F.pad(t, (2, 1, 1, 0), mode), leaf(1, 2, 3, 3))
    with pytest.raises(ValueError, match="even number of ints"):
        F.pad(leaf(2, 3), (1,))
    with pytest.raises(ValueError, match="pad 3 dimensions, but the input has only 2"):
        F.pad(leaf(2, 3), (1, 1, 1, 1, 1, 1))
    with pytest.raises(ValueError, match="reflect padding of 3 must be smaller"):
        F.pad(leaf(2, 3), (3, 0), "reflect")
    with pytest.raises(ValueError, match="mode must be"):
        F.pad(leaf(2, 3), (1, 0), "mirror")
    with pytest.raises(ValueError, match="leaves nothing"):
        F.pad(leaf(2, 3), (-2, -1))


# -- pooling ---------------------------------------------------------------------------------
MAX_POOL = [dict(kernel_size=2), dict(kernel_size=3, stride=2, padding=1),
            dict(kernel_size=(3, 2), stride=(2, 1), padding=(1, 1), dilation=(1, 2),
                 ceil_mode=True),
            dict(kernel_size=2, ceil_mode=True), dict(kernel_size=2, stride=1)]


@pytest.mark.parametrize("kwargs", MAX_POOL)
def test_max_pool2d_matches_pytorch_including_ties(torch, kwargs):
    x = rng.standard_normal((2, 3, 9, 8))
    ties = np.maximum(np.round(x), 0)          # after a ReLU: many equal values (0s and 1s)
    for data in (x, ties):
        out, ref = compare(torch, lambda t: F.max_pool2d(t, **kwargs, return_indices=True),
                           lambda t: torch.nn.functional.max_pool2d(t, **kwargs,
                                                                    return_indices=True), [data])
        np.testing.assert_array_equal(out[1].data, ref[1].numpy())   # the same winners


def test_max_pool1d_and_layers_match_pytorch(torch):
    x = rng.standard_normal((2, 3, 11))
    compare(torch, nn.MaxPool1d(3, 2, 1), torch.nn.MaxPool1d(3, 2, 1), [x])
    compare(torch, nn.MaxPool2d(2), torch.nn.MaxPool2d(2), [rng.standard_normal((2, 3, 6, 6))])
    compare(torch, nn.MaxPool2d(2), torch.nn.MaxPool2d(2), [rng.standard_normal((3, 6, 6))])


AVG_POOL = [dict(kernel_size=2), dict(kernel_size=3, stride=2, padding=1),
            dict(kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=False),
            dict(kernel_size=3, stride=2, padding=1, ceil_mode=True),
            dict(kernel_size=(3, 2), stride=(2, 3), padding=(1, 1), divisor_override=5)]


@pytest.mark.parametrize("kwargs", AVG_POOL)
def test_avg_pool2d_matches_pytorch(torch, kwargs):
    x = rng.standard_normal((2, 3, 9, 8))
    compare(torch, lambda t: F.avg_pool2d(t, **kwargs),
            lambda t: torch.nn.functional.avg_pool2d(t, **kwargs), [x])


def test_avg_pool1d_and_layers_match_pytorch(torch):
    x = rng.standard_normal((2, 3, 11))
    compare(torch, nn.AvgPool1d(4, 3, 2, True, False), torch.nn.AvgPool1d(4, 3, 2, True, False),
            [x])
    compare(torch, nn.AvgPool2d(3, 1, 1), torch.nn.AvgPool2d(3, 1, 1),
            [rng.standard_normal((2, 2, 5, 5))])


@pytest.mark.parametrize("size", [1, (4, 3), (None, 7), 5, (9, 8)])
def test_adaptive_avg_pool2d_matches_pytorch(torch, size):
    x = rng.standard_normal((2, 3, 9, 8))
    compare(torch, nn.AdaptiveAvgPool2d(size), torch.nn.AdaptiveAvgPool2d(size), [x])
    compare(torch, nn.AdaptiveAvgPool2d(size), torch.nn.AdaptiveAvgPool2d(size), [x[0]])


def test_adaptive_avg_pool1d_matches_pytorch(torch):
    x = rng.standard_normal((2, 3, 10))
    for size in (1, 3, 4, 10):
        compare(torch, nn.AdaptiveAvgPool1d(size), torch.nn.AdaptiveAvgPool1d(size), [x])


def test_pooling_gradcheck():
    x = leaf(1, 2, 5, 6)
    x.data[0, 0, 0, :2] = [0.5, 0.5 + 1e-3]     # nearly tied, but not within eps
    assert mg.gradcheck(lambda t: F.max_pool2d(t, 3, 2, 1), x)
    assert mg.gradcheck(lambda t: F.avg_pool2d(t, 3, 2, 1, True, False), x)
    assert mg.gradcheck(lambda t: F.adaptive_avg_pool2d(t, (2, 4)), x)
    assert mg.gradcheck(lambda t: F.max_pool1d(t, 2), leaf(1, 2, 6))
    assert mg.gradcheck(lambda t: F.avg_pool1d(t, 3, 1, 1), leaf(1, 2, 6))


def test_max_pool_sends_the_whole_gradient_to_one_element_of_a_tied_window():
    x = mg.Tensor(np.zeros((1, 1, 2, 2)), requires_grad=True)
    F.max_pool2d(x, 2).sum().backward()
    np.testing.assert_array_equal(x.grad.data[0, 0], [[1, 0], [0, 0]])   # the first, as PyTorch


def test_pooling_errors():
    with pytest.raises(ValueError, match="at most half the kernel"):
        F.max_pool2d(leaf(1, 1, 5, 5), 2, padding=2)
    with pytest.raises(mg.ShapeError, match="does not fit"):
        F.avg_pool2d(leaf(1, 1, 2, 2), 3)
    with pytest.raises(mg.ShapeError, match=r"\(N, C, L, L\)"):
        F.max_pool2d(leaf(5, 5), 2)
    with pytest.raises(ValueError, match="output_size"):
        F.adaptive_avg_pool2d(leaf(1, 1, 4, 4), (2, 2, 2))


def test_flatten_and_identity():
    x = leaf(2, 3, 4, 5)
    assert nn.Flatten()(x).shape == (2, 60)
    assert nn.Flatten(0, 1)(x).shape == (6, 4, 5)
    assert nn.Flatten(2)(x).shape == (2, 3, 20)
    assert nn.Identity(54, unused="x")(x) is x
    with pytest.raises(ValueError, match="start_dim"):
        nn.Flatten(2, 1)(x)


def test_a_lenet_trains_and_matches_pytorch_step_for_step(torch):
    """A whole conv net, trained three SGD steps in both libraries from the same weights."""
    def lenet(lib):
        return lib.Sequential(lib.Conv2d(1, 4, 3), lib.ReLU(), lib.MaxPool2d(2),
                              lib.Conv2d(4, 6, 3, padding=1), lib.ReLU(), lib.AvgPool2d(2),
                              lib.Flatten(), lib.Linear(6 * 3 * 3, 10))

    ours = lenet(nn)
    theirs = copy_into(torch, lenet(torch.nn), ours)
    from minigrad import optim
    opt = optim.SGD(ours.parameters(), lr=0.1, momentum=0.9)
    topt = torch.optim.SGD(theirs.parameters(), lr=0.1, momentum=0.9)
    for _ in range(3):
        x, y = rng.standard_normal((8, 1, 14, 14)), rng.integers(0, 10, 8)
        opt.zero_grad()
        topt.zero_grad()
        loss = F.cross_entropy(ours(mg.Tensor(x)), y)
        tloss = torch.nn.functional.cross_entropy(theirs(torch.tensor(x)), torch.tensor(y))
        loss.backward()
        tloss.backward()
        compare_parameter_grads(ours, theirs)
        opt.step()
        topt.step()
        assert loss.item() == pytest.approx(tloss.item(), rel=1e-10)


def test_conv_keeps_its_input_not_columns_so_changing_it_in_place_is_refused(torch):
    """Backward rebuilds the im2col columns from the input instead of keeping them, so,
    as in PyTorch, changing the input in place before backward is an error, not a
    silently wrong weight gradient."""
    for lib, make in ((mg, lambda a: mg.Tensor(a, requires_grad=True)),
                      (torch, lambda a: torch.tensor(a, requires_grad=True))):
        x, w = make(rng.standard_normal((2, 3, 6, 6))), make(rng.standard_normal((4, 3, 3, 3)))
        h = x * 1
        out = (F.conv2d if lib is mg else torch.nn.functional.conv2d)(h, w, padding=1)
        h.add_(1)
        with pytest.raises(RuntimeError, match="in.?place|inplace"):
            out.sum().backward()
