"""End to end: the pieces of issue "Learning" together train real classifiers, quickly."""

import os
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
    X, y = load_digits("train", dtype=np.float32)     # the recipe's dtype: linear does not promote
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


# -- the conv net and the transformer (quick modes) -------------------------------------------
def test_cnn_example_quick_mode_learns_the_digits_and_skips_mnist_cleanly(tmp_path, capsys,
                                                                         monkeypatch):
    from minigrad.examples import cnn

    monkeypatch.setenv("MINIGRAD_DATA", str(tmp_path))          # an empty cache: no MNIST
    results = cnn.main(["--quick"])
    out = capsys.readouterr().out
    assert results["digits"]["accuracy"] > 0.85                 # one epoch of a narrow net
    assert "mnist: not downloaded, so skipped" in out and "mnist" not in results
    assert cnn.RECIPES["digits"].epochs <= 10


def test_cnn_example_offline_mnist_request_fails_with_instructions(tmp_path):
    code = ("import urllib.request, urllib.error, sys\n"
            "def offline(*a, **k):\n"
            "    raise urllib.error.URLError('no network in tests')\n"
            "urllib.request.urlopen = offline\n"
            "sys.argv = ['cnn', '--dataset', 'mnist', '--quick']\n"
            "import runpy; runpy.run_module('minigrad.examples.cnn', run_name='__main__')\n")
    env = {"MINIGRAD_DATA": str(tmp_path), "PATH": "", "OPENBLAS_NUM_THREADS": "1"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "MNIST is not available" in result.stderr


def test_cnn_network_has_the_same_shapes_in_minigrad_and_pytorch(torch):
    from minigrad.examples.cnn import conv_net

    ours, theirs = conv_net(nn, 28, 16), conv_net(torch.nn, 28, 16)
    assert [(k, v.shape) for k, v in ours.state_dict().items()] == \
        [(k, tuple(v.shape)) for k, v in theirs.state_dict().items()]
    assert ours(mg.Tensor(np.zeros((2, 1, 28, 28)))).shape == (2, 10)


def test_transformer_example_quick_mode_loss_falls_and_it_samples(capsys):
    from minigrad.examples import transformer

    result = transformer.main(["--quick"])
    out = capsys.readouterr().out
    assert np.mean(result["losses"][-5:]) < result["losses"][0] - 0.5
    assert len(result["samples"]) == 16 and "sampled lines" in out
    assert "follow every rule of the grammar" in out


def test_the_generated_language_and_its_checker():
    from minigrad.examples.transformer import follows_grammar, sentences

    made = sentences(500, seed=3)
    assert all(follows_grammar(line) for line in made)
    for bad in ["ada gives ada 2 figs.", "bob has 1 figs.", "bob has 2 fig.", "the 1 owl sings.",
                "the owls sing.", "the 3 owls sings.", "eve has 0 plums.", "zed has 2 figs."]:
        assert not follows_grammar(bad), bad


def test_examples_train_on_one_blas_thread():
    """`python -m minigrad.examples.transformer` trains inside fit's BLAS limit (one
    thread: small products are slower on several), as the cnn example does."""
    code = ("import runpy, sys, threadpoolctl\n"
            "calls = []\n"
            "real = threadpoolctl.threadpool_limits\n"
            "threadpoolctl.threadpool_limits = lambda **kw: (calls.append(kw), real(**kw))[1]\n"
            "sys.argv = ['transformer', '--quick']\n"
            "runpy.run_module('minigrad.examples.transformer', run_name='__main__')\n"
            "print('limits:', calls)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600).stdout
    assert "limits: [{'limits': 1, 'user_api': 'blas'}]" in out, out[-500:]
