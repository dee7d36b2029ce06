"""classroom.widgets.convolution: chapter 12's kernel editor and filter viewer, driven
without a display."""

import numpy as np
import pytest

from minigrad import nn
from classroom.widgets.convolution import (CUSTOM, PRESETS, FilterViewer, KernelEditor,
                                           cut_patch, describe_kernel, feature_map, patch_box,
                                           receptive_field, strongest)

RNG = np.random.default_rng(0)
IMAGES = RNG.uniform(0, 1, (5, 8, 8))
LABELS = np.array([3, 1, 4, 1, 5])


def correlate(image, kernel, padding=1):
    """The sliding dot product, by loops: the definition the widget must follow."""
    padded = np.pad(image, padding)
    kh, kw = kernel.shape
    out = np.zeros((padded.shape[0] - kh + 1, padded.shape[1] - kw + 1))
    for i in range(out.shape[0]):
        for j in range(out.shape[1]):
            out[i, j] = np.sum(padded[i:i + kh, j:j + kw] * kernel)
    return out


# -- the kernel editor ----------------------------------------------------------------------
def test_feature_map_is_the_sliding_dot_product_with_padding_one():
    for kernel in PRESETS.values():
        kernel = np.array(kernel, dtype=float)
        got = feature_map(IMAGES[0], kernel)
        assert got.shape == (8, 8)
        np.testing.assert_allclose(got, correlate(IMAGES[0], kernel), atol=1e-12)
    np.testing.assert_allclose(feature_map(IMAGES[1], PRESETS["identity"]), IMAGES[1])
    with pytest.raises(ValueError, match="2-D image"):
        feature_map(IMAGES, PRESETS["identity"])


def test_shift_right_moves_the_picture_right_because_nothing_is_flipped():
    image = np.zeros((8, 8))
    image[2, 3] = 1.0
    moved = feature_map(image, PRESETS["shift right"])
    assert moved[2, 4] == 1.0 and moved.sum() == 1.0


def test_describe_kernel_explains_the_sum():
    edge = np.array(PRESETS["vertical edges (Sobel x)"], dtype=float)
    assert "sum to 0" in describe_kernel(edge, feature_map(IMAGES[0], edge))
    blur = np.array(PRESETS["blur (mean of 3×3)"])
    assert "sum to 1" in describe_kernel(blur, feature_map(IMAGES[0], blur))
    text = describe_kernel(np.full((3, 3), 2.0), np.array([[1.0, -1.0], [0.0, 2.0]]))
    assert "sum to 18" in text and "2 of 4 values survive" in text


def test_editor_starts_deterministically_from_its_preset():
    a = KernelEditor(IMAGES, LABELS, dpi=30)
    b = KernelEditor(IMAGES, LABELS, dpi=30)
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert bytes(a.image.value) == bytes(b.image.value) and a.status.value == b.status.value
    np.testing.assert_array_equal(a.kernel, PRESETS["vertical edges (Sobel x)"])
    assert a.preset.value == "vertical edges (Sobel x)" and "sum to 0" in a.status.value


def test_choosing_a_preset_fills_the_boxes_and_redraws():
    w = KernelEditor(IMAGES, LABELS, dpi=30)
    before = bytes(w.image.value)
    w.preset.value = "sharpen"
    np.testing.assert_array_equal(w.kernel, PRESETS["sharpen"])
    assert bytes(w.image.value) != before and "sum to 1" in w.status.value
    w.preset.value = "blur (mean of 3×3)"
    np.testing.assert_allclose(w.kernel, 1 / 9, atol=1e-4)


def test_blur_uses_its_exact_weights_and_says_they_sum_to_1():
    """The boxes show blur's 1/9 as 0.1111; the kernel and the status line use 1/9 itself,
    so the sum is 1, not 0.9999 (a teacher saw "weights sum to 0.9999")."""
    w = KernelEditor(IMAGES, LABELS, preset="blur (mean of 3×3)", dpi=30)
    assert w.boxes[0][0].value == 0.1111
    np.testing.assert_array_equal(w.kernel, np.full((3, 3), 1 / 9))
    assert "sum to 1," in w.status.value and "0.9999" not in w.status.value
    np.testing.assert_allclose(feature_map(IMAGES[0], w.kernel).mean(),
                               correlate(IMAGES[0], np.full((3, 3), 1 / 9)).mean())
    w.preset.value = "sharpen"
    w.preset.value = "blur (mean of 3×3)"                # chosen again, not at the start
    assert "sum to 1," in w.status.value
    w.boxes[1][1].value = 0.2                            # an edit: the boxes are the kernel
    assert w.preset.value == CUSTOM and w.kernel.sum() == pytest.approx(8 * 0.1111 + 0.2)


def test_editing_a_box_makes_the_kernel_custom_and_redraws():
    w = KernelEditor(IMAGES, LABELS, preset="identity", dpi=30)
    before, status = bytes(w.image.value), w.status.value
    w.boxes[0][0].value = 2.0
    assert w.preset.value == CUSTOM
    assert w.kernel[0, 0] == 2.0 and w.kernel[1, 1] == 1.0 and w.kernel.sum() == 3.0
    assert bytes(w.image.value) != before and w.status.value != status
    assert "sum to 3" in w.status.value
    w.boxes[2][2].value = -3.0                           # still custom, still redrawn
    assert w.preset.value == CUSTOM and w.kernel.sum() == 0.0
    w.preset.value = "identity"                          # back to a preset: boxes refilled
    np.testing.assert_array_equal(w.kernel, PRESETS["identity"])


def test_boxes_are_bounded_and_the_slider_picks_the_digit():
    w = KernelEditor(IMAGES, LABELS, preset="identity", dpi=30)
    w.boxes[1][1].value = 1e6
    assert w.kernel[1, 1] == 20.0                        # clamped to the box's range
    w.preset.value = "identity"
    first = bytes(w.image.value)
    w.index.value = 3
    assert bytes(w.image.value) != first and w.index.max == 4


def test_editor_refuses_bad_input():
    with pytest.raises(ValueError, match="shape"):
        KernelEditor(np.zeros((8, 8)))
    with pytest.raises(ValueError, match="labels"):
        KernelEditor(IMAGES, LABELS[:2])
    with pytest.raises(ValueError, match="unknown preset"):
        KernelEditor(IMAGES, preset="emboss")


# -- receptive fields and the filter viewer -------------------------------------------------
def chapter_net(seed=0):
    rng = np.random.default_rng(seed)
    return nn.Sequential(nn.Conv2d(1, 4, 3, padding=1, rng=rng), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Conv2d(4, 6, 3, padding=1, rng=rng), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Flatten(), nn.Linear(24, 10, rng=rng))


def test_receptive_field_of_the_chapter_net():
    net = list(chapter_net())
    assert receptive_field(net[:1]) == ((3, 1, -1), (3, 1, -1))
    assert receptive_field(net[:3]) == ((4, 2, -1), (4, 2, -1))
    assert receptive_field(net[:4]) == ((8, 2, -3), (8, 2, -3))
    strided = [nn.Conv2d(1, 1, (3, 5), stride=(2, 1), padding=(0, 2), dilation=(1, 2))]
    assert receptive_field(strided) == ((3, 2, 0), (9, 1, -2))


def test_receptive_field_matches_which_pixels_change_the_output():
    """Perturb one input pixel at a time: the output positions that change are exactly those
    whose receptive field holds that pixel."""
    net = chapter_net()
    layers = list(net)[:4]
    fields = receptive_field(layers)
    image = np.random.default_rng(1).normal(size=(1, 1, 8, 8))
    from minigrad import Tensor

    base = net[:4](Tensor(image)).data
    for r, c in [(0, 0), (3, 4), (7, 7), (5, 1)]:
        moved = image.copy()
        moved[0, 0, r, c] += 1.0
        changed = np.abs(net[:4](Tensor(moved)).data - base).max(axis=(0, 1)) > 0
        for (i, j), did in np.ndenumerate(changed):
            top, left, bottom, right = patch_box(i, j, fields, (8, 8))
            if did:
                assert top <= r <= bottom and left <= c <= right, (r, c, i, j)


def test_strongest_and_patches():
    acts = np.zeros((4, 2, 3, 3))
    acts[0, 1, 2, 0] = 5.0
    acts[2, 1, 0, 1] = 7.0
    acts[3, 1, 1, 1] = 5.0
    assert strongest(acts, 1, 3) == [(2, 0, 1, 7.0), (0, 2, 0, 5.0), (3, 1, 1, 5.0)]
    image = np.arange(16.0).reshape(4, 4)
    fields = ((3, 1, -1), (3, 1, -1))
    patch = cut_patch(image, 0, 0, fields)
    np.testing.assert_array_equal(patch, [[0, 0, 0], [0, 0, 1], [0, 4, 5]])
    assert patch_box(0, 0, fields, (4, 4)) == (0, 0, 1, 1)
    np.testing.assert_array_equal(cut_patch(image, 2, 2, fields), image[1:4, 1:4])


def edge_images():
    """Ten images: image n has one vertical bar of brightness n at column n % 8."""
    images = np.zeros((10, 8, 8))
    for n in range(10):
        images[n, 1:7, n % 8] = n
    return images


def test_viewer_finds_the_images_a_hand_made_filter_likes():
    net = chapter_net()
    net[0].weight.data[:] = 0.0
    net[0].bias.data[:] = 0.0
    net[0].weight.data[0, 0] = [[-1, 2, -1]] * 3             # filter 0: a vertical bar
    images = edge_images()
    w = FilterViewer(net, images[:, None], images, labels=np.arange(10), top=3, dpi=30)
    assert [n for n, *_ in w.selection] == [9, 8, 7]
    n, r, c, value = w.selection[0]
    assert c == 9 % 8 and value == pytest.approx(9 * 2 * 3)
    assert "filter 0 of conv 1" in w.status.value and "3×3-pixel" in w.status.value
    first = bytes(w.image.value)
    w.channel.value = 1                                       # an all-zero filter: ties by index
    assert [n for n, *_ in w.selection] == [0, 1, 2] and bytes(w.image.value) != first


def test_viewer_switches_layer_and_resets_the_filter():
    images = np.random.default_rng(2).uniform(0, 1, (12, 8, 8))
    w = FilterViewer(chapter_net(), images[:, None], images, top=4, dpi=30)
    w.channel.value = 3
    w.layer.value = 3                                         # the second convolution
    assert w.channel.value == 0 and w.channel.max == 5
    assert "conv 2" in w.status.value and "8×8-pixel" in w.status.value
    assert len(w.selection) == 4
    assert w.selection[0][3] == w.activations(3)[:, 0].max()


def test_viewer_leaves_the_model_in_its_mode_and_refuses_bad_input():
    net = chapter_net()
    images = np.zeros((3, 8, 8))
    FilterViewer(net, images[:, None], images, dpi=30)
    assert net.training
    with pytest.raises(ValueError, match="channels, height, width"):
        FilterViewer(net, images, images)
    with pytest.raises(ValueError, match="pictures"):
        FilterViewer(net, images[:, None], images[:2])
    with pytest.raises(ValueError, match="no Conv2d"):
        FilterViewer(nn.Sequential(nn.Flatten()), images[:, None], images)
