"""End to end: the pieces of issue "Learning" together train real classifiers, quickly."""

import subprocess
import sys

import numpy as np
import pytest

import minigrad as mg
from minigrad import nn, optim
from minigrad.data import DataLoader, MnistUnavailable, load_digits, spirals
from minigrad.examples.classifier import RECIPES, Recipe, held_out_accuracy, prepare, train
from minigrad.train import fit


def test_an_mlp_learns_the_spirals_loss_falls_and_accuracy_is_high():
    X, y = spirals(n_per_class=100, classes=3, noise=0.1, seed=0)
    mg.manual_seed(0)
    model = nn.Sequential(nn.Linear(2, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(),
                          nn.Linear(64, 3))
    loader = DataLoader(X, y, batch_size=32, shuffle=True, seed=0)
    history = fit(model, nn.CrossEntropyLoss(), optim.Adam(model.parameters(), lr=0.02),
                  loader, epochs=40, progress=None)
    assert history.loss[-1] < 0.1 * history.loss[0]
    assert history.accuracy[-1] > 0.95          # a linear model cannot beat about 0.5 here


def test_digits_recipe_reaches_a_good_accuracy_in_a_few_epochs():
    X_train, y_train, X_test, y_test = prepare("digits")
    assert X_train.dtype == np.float32 and len(X_train) == 5 * 1438
    recipe = Recipe(hidden=256, epochs=3, batch_size=32)       # the example's, shortened
    model, history = train(X_train, y_train, recipe, progress=None)
    assert history.loss[-1] < history.loss[0]
    assert held_out_accuracy(model, X_test, y_test) > 0.95


def test_training_is_reproducible_from_the_seed():
    X, y = load_digits("train")
    recipe = Recipe(hidden=16, epochs=1, batch_size=128)
    (a, ha), (b, hb) = (train(X, y, recipe, progress=None) for _ in range(2))
    assert ha.loss == hb.loss
    np.testing.assert_array_equal(a[0].weight.data, b[0].weight.data)


def test_mnist_recipe_without_data_says_what_to_do(tmp_path):
    with pytest.raises(MnistUnavailable, match="load_digits"):
        prepare("mnist", mnist_root=tmp_path, download=False)
    with pytest.raises(ValueError, match="unknown dataset"):
        prepare("cifar")
    assert RECIPES["mnist"].epochs <= 5                 # "a few epochs"


def test_the_mnist_command_fails_cleanly_offline(tmp_path):
    """No traceback soup: the command prints the instructions and exits 1."""
    code = ("import urllib.request, sys\n"
            "def offline(*a, **k):\n"
            "    raise urllib.error.URLError('no network in tests')\n"
            "urllib.request.urlopen = offline\n"
            "sys.argv = ['mnist', '--epochs', '1']\n"
            "import runpy; runpy.run_module('minigrad.examples.mnist', run_name='__main__')\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={"MINIGRAD_DATA": str(tmp_path), "PATH": ""}, timeout=120)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "MNIST is not available" in result.stderr and str(tmp_path) in result.stderr
