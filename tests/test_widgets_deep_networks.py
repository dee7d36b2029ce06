"""classroom.widgets.deep_networks: chapter 11's per-layer statistics and their widget, driven
without a display."""

import math

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn
from classroom.widgets.deep_networks import (FACTOR, INITS, MAX_ROWS, HiddenLayer, LayerStats,
                                             build_network, describe, layer_statistics,
                                             spread, trend, _shown_layers)


def _batch(n=64, features=12, classes=5, seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, features)), rng.integers(0, classes, n)


# -- spread ----------------------------------------------------------------------------------
def test_spread_is_the_rms_over_units_of_the_std_over_the_batch():
    a = np.random.default_rng(1).normal(size=(50, 4)) * [1.0, 2.0, 3.0, 4.0]
    by_hand = math.sqrt(np.mean([a[:, j].var() for j in range(4)]))
    assert spread(a) == pytest.approx(by_hand, rel=1e-12)


def test_spread_ignores_what_every_example_shares():
    a = np.random.default_rng(2).normal(size=(30, 3))
    assert spread(a + np.array([100.0, -5.0, 7.0])) == pytest.approx(spread(a), rel=1e-9)
    assert spread(np.tile([1.0, 2.0, 3.0], (10, 1))) == 0.0


def test_spread_refuses_what_is_not_a_batch():
    with pytest.raises(ValueError, match="batch, units"):
        spread(np.ones(5))
    with pytest.raises(ValueError, match="at least 2 rows"):
        spread(np.ones((1, 5)))


# -- building networks -------------------------------------------------------------------------
def test_build_network_shape_and_skips():
    model = build_network(depth=4, width=8, n_in=12, n_classes=5, residual=True)
    assert len(model) == 5 and isinstance(model[-1], nn.Linear)
    hidden = list(model)[:-1]
    assert all(isinstance(h, HiddenLayer) for h in hidden)
    assert [h.residual for h in hidden] == [False, True, True, True]   # 12 -> 8 has no skip
    assert model[-1].out_features == 5
    same_width = build_network(depth=2, width=12, n_in=12, residual=True)
    assert [h.residual for h in list(same_width)[:-1]] == [True, True]


@pytest.mark.parametrize("norm, kind", [("BatchNorm", nn.BatchNorm1d), ("LayerNorm", nn.LayerNorm),
                                        ("none", type(None))])
def test_build_network_norms(norm, kind):
    model = build_network(depth=2, width=6, n_in=6, norm=norm)
    assert isinstance(model[0].norm, kind)


def test_build_network_is_seeded_and_leaves_minigrads_generator_alone():
    mg.manual_seed(5)
    expected = mg.randn(3).data
    mg.manual_seed(5)
    a = build_network(depth=3, width=8, n_in=12, init="Kaiming", seed=1)
    b = build_network(depth=3, width=8, n_in=12, init="Kaiming", seed=1)
    np.testing.assert_array_equal(mg.randn(3).data, expected)
    for (name, p), (_, q) in zip(a.named_parameters(), b.named_parameters()):
        np.testing.assert_array_equal(p.data, q.data, err_msg=name)
    c = build_network(depth=3, width=8, n_in=12, init="Kaiming", seed=2)
    assert not np.array_equal(a[1].linear.weight.data, c[1].linear.weight.data)


@pytest.mark.parametrize("init, std", [("N(0, 1)", 1.0), ("N(0, 0.01²)", 0.01),
                                       ("Xavier", math.sqrt(2 / 400)),
                                       ("Kaiming", math.sqrt(2 / 200))])
def test_initialisations_have_their_standard_deviation(init, std):
    model = build_network(depth=2, width=200, n_in=200, init=init)
    w = model[1].linear.weight.data
    assert w.std() == pytest.approx(std, rel=0.02)
    assert not model[1].linear.bias.data.any()


def test_kaiming_uses_the_activations_gain_and_the_head_none():
    model = build_network(depth=2, width=300, n_in=300, n_classes=300, init="Kaiming",
                          activation="tanh")
    assert model[1].linear.weight.data.std() == pytest.approx(5 / 3 / math.sqrt(300), rel=0.02)
    assert model[-1].weight.data.std() == pytest.approx(1 / math.sqrt(300), rel=0.02)


def test_default_init_is_linears_own():
    model = build_network(depth=1, width=50, n_in=50, init="default")
    w = model[0].linear.weight.data
    assert np.abs(w).max() <= 1 / math.sqrt(50) and model[0].linear.bias.data.any()


@pytest.mark.parametrize("kwargs, word", [({"init": "He"}, "init"), ({"activation": "gelu"},
                                                                        "activation"),
                                          ({"norm": "GroupNorm"}, "norm"), ({"depth": 0}, "depth")])
def test_build_network_refuses_unknown_choices(kwargs, word):
    with pytest.raises(ValueError, match=word):
        build_network(**kwargs)


# -- measuring -----------------------------------------------------------------------------------
def test_layer_statistics_match_a_numpy_twin():
    """Two ReLU layers and a head, forward and backward by hand in NumPy."""
    x, y = _batch()
    model = build_network(depth=2, width=7, n_in=12, n_classes=5, init="Kaiming", seed=3)
    W1, b1 = model[0].linear.weight.data, model[0].linear.bias.data
    W2, b2 = model[1].linear.weight.data, model[1].linear.bias.data
    W3, b3 = model[2].weight.data, model[2].bias.data
    z1 = x @ W1.T + b1
    a1 = np.maximum(z1, 0)
    z2 = a1 @ W2.T + b2
    a2 = np.maximum(z2, 0)
    logits = a2 @ W3.T + b3
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    loss = -np.log(p[np.arange(len(y)), y]).mean()
    d_logits = p.copy()
    d_logits[np.arange(len(y)), y] -= 1
    d_logits /= len(y)
    d_a2 = d_logits @ W3
    d_a1 = ((z2 > 0) * d_a2) @ W2

    stats = layer_statistics(model, x, y)
    assert isinstance(stats, LayerStats) and stats.depth == 2
    np.testing.assert_allclose(stats.activations[0], a1, rtol=1e-12)
    np.testing.assert_allclose(stats.activations[1], a2, rtol=1e-12)
    np.testing.assert_allclose(stats.gradients[1], d_a2, rtol=1e-10, atol=1e-15)
    np.testing.assert_allclose(stats.gradients[0], d_a1, rtol=1e-10, atol=1e-15)
    assert stats.loss == pytest.approx(loss, rel=1e-12)
    np.testing.assert_allclose(stats.activation_spread, [spread(a1), spread(a2)], rtol=1e-12)


def test_layer_statistics_accepts_a_tensor_and_refuses_a_model_without_a_head():
    x, y = _batch()
    model = build_network(depth=2, width=4, n_in=12, n_classes=5)
    a = layer_statistics(model, x, y)
    b = layer_statistics(build_network(depth=2, width=4, n_in=12, n_classes=5), mg.Tensor(x), y)
    np.testing.assert_array_equal(a.activation_spread, b.activation_spread)
    with pytest.raises(ValueError, match="hidden layers and a head"):
        layer_statistics(nn.Sequential(nn.Linear(12, 5)), x, y)


def test_the_chapters_verdicts_on_ten_layers():
    """What chapter 11 shows: the default initialisation vanishes, N(0, 1) explodes,
    Kaiming and BatchNorm keep both directions steady."""
    x, y = _batch(256, 64, 10, seed=4)

    def words(**kwargs):
        s = layer_statistics(build_network(depth=10, **kwargs), x, y)
        return trend(s.activation_spread), trend(s.gradient_spread[::-1])

    assert words(init="default") == ("vanishing", "vanishing")
    assert words(init="N(0, 1)") == ("exploding", "exploding")
    assert words(init="Kaiming") == ("steady", "steady")
    assert words(init="default", norm="BatchNorm") == ("steady", "steady")


def test_trend_rules():
    assert trend([1.0, 0.5, 2.0]) == "steady"
    assert trend([1.0, 1 / (FACTOR * 1.01)]) == "vanishing"
    assert trend([1.0, FACTOR * 1.01]) == "exploding"
    assert trend([1.0, 0.0]) == "vanishing"
    assert trend([1.0, np.inf]) == "overflowed"
    assert trend([np.nan, 1.0]) == "overflowed"


def test_describe_says_which_way_and_by_how_much():
    x, y = _batch(256, 64, 10, seed=4)
    text = describe(layer_statistics(build_network(depth=10), x, y), "ReLU")
    assert "vanishing" in text and "smaller" in text and "exactly 0" in text
    text = describe(layer_statistics(build_network(depth=4, activation="tanh",
                                                   init="N(0, 1)"), x, y), "tanh")
    assert "saturated" in text


def test_shown_layers():
    assert _shown_layers(5) == [0, 1, 2, 3, 4]
    rows = _shown_layers(30)
    assert len(rows) == MAX_ROWS and rows[0] == 0 and rows[-1] == 29
    assert rows == sorted(set(rows))


# -- the widget -----------------------------------------------------------------------------------
pytest.importorskip("ipywidgets")


@pytest.fixture(scope="module")
def explorer():
    from classroom.widgets.deep_networks import LayerStatsExplorer

    x, y = _batch(128, 64, 10, seed=5)
    return LayerStatsExplorer(x, y)


def test_initial_state_is_deterministic(explorer):
    from classroom.widgets.deep_networks import LayerStatsExplorer

    other = LayerStatsExplorer(explorer.x, explorer.target)
    assert explorer.settings() == dict(depth=10, init="default", activation="ReLU", norm="none",
                                       residual=False)
    assert explorer.html.value == other.html.value
    assert explorer.image.value == other.image.value
    assert bytes(explorer.image.value).startswith(b"\x89PNG")
    assert "vanishing" in explorer.html.value
    assert list(explorer.init.options) == list(INITS)


def test_every_control_rebuilds_measures_and_redraws(explorer):
    pictures = [bytes(explorer.image.value)]
    explorer.init.value = "Kaiming"
    assert "vanishing" not in explorer.html.value and "Kaiming" in explorer.html.value
    pictures.append(bytes(explorer.image.value))
    explorer.depth.value = 20
    assert explorer.stats.depth == 20 and len(explorer.model) == 21
    pictures.append(bytes(explorer.image.value))
    explorer.activation.value = "tanh"
    assert isinstance(explorer.model[0].activation, nn.Tanh)
    pictures.append(bytes(explorer.image.value))
    explorer.norm.value = "LayerNorm"
    assert isinstance(explorer.model[0].norm, nn.LayerNorm)
    pictures.append(bytes(explorer.image.value))
    explorer.residual.value = True
    assert explorer.model[1].residual
    pictures.append(bytes(explorer.image.value))
    assert len(set(pictures)) == len(pictures)                # every change redrew
    explorer.depth.value = 99                                  # clamped by the slider
    assert explorer.stats.depth == 30


def test_the_explorer_refuses_mismatched_data():
    from classroom.widgets.deep_networks import LayerStatsExplorer

    with pytest.raises(ValueError, match="one class per row"):
        LayerStatsExplorer(np.ones((5, 3)), np.zeros(4, dtype=int))


def test_the_picture_is_pinned_to_its_drawn_size(explorer):
    import struct

    data = bytes(explorer.image.value)
    width, height = struct.unpack(">II", data[16:24])
    assert (explorer.image.layout.width, explorer.image.layout.height) == (f"{width}px",
                                                                          f"{height}px")
    assert explorer.image.layout.flex == "0 0 auto"
    assert width <= 960, f"the picture is {width} px wide: wider than a notebook"
    for dropdown in (explorer.init, explorer.activation, explorer.norm):
        assert dropdown.index is not None and dropdown.label        # no blank dropdown
