"""Runnable examples: ``python -m minigrad.examples.digits`` and ``python -m minigrad.examples.mnist``.

Both train the same kind of model (an MLP with one hidden ReLU layer, Adam,
cross-entropy) with the code in ``classifier.py``; ``benchmarks/bench_train.py``
times that code against PyTorch.
"""
