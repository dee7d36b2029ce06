"""``python -m minigrad.examples.mnist``: the same MLP on full MNIST (downloaded once, ~11 MB).

Offline, the loader says which files to copy where; ``minigrad.examples.digits``
needs no download at all.
"""

import sys

from ..data import MnistChecksumError, MnistUnavailable
from .classifier import main

if __name__ == "__main__":
    try:
        main("mnist")
    except (MnistUnavailable, MnistChecksumError) as err:
        sys.exit(f"minigrad.examples.mnist: {err}")
