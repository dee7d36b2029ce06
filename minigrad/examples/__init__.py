"""Runnable examples (``python -m minigrad.examples.<name>``).

* ``digits``, ``mnist``: an MLP (one hidden ReLU layer, Adam, cross-entropy), with the
  code in ``classifier.py`` (chapter 8);
* ``cnn``: a small conv net on the digits, and on MNIST when downloaded (chapter 12);
* ``transformer``: a tiny character-level GPT trained on generated sentences, then
  sampled (chapter 13);
* ``char_lm``: a character-level GPT trained on Shakespeare (nanoGPT's CPU configuration),
  sampled with temperature, top-k and a KV cache; ``char_lm.npz`` is its trained
  checkpoint (chapter 14).
* ``newton``: second derivatives (``create_graph=True``): Newton's method and a
  Hessian-vector product.

``benchmarks/bench_train.py`` times the MLP and the conv net against PyTorch;
``threads.py`` makes the newer examples run on one BLAS thread.
"""
