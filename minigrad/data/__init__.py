"""Data for the course: loaders, small made-up sets, and real handwritten digits.

* ``loader.py``     :class:`DataLoader`, mini-batches of tensors from NumPy arrays or a dataset
* ``dataset.py``    :class:`Dataset`, :class:`TensorDataset`, :func:`default_collate`
  (chapter 12); :class:`Subset`, :func:`random_split` (no chapter)
* ``synthetic.py``  :func:`toy4`, :func:`linear_regression`, :func:`product`,
  :func:`xor`, :func:`spirals`: small sets with known answers, seeded
* ``digits.py``     :func:`load_digits`, 8x8 handwritten digits that work offline
  (they ship inside scikit-learn)
* ``idx.py``        :func:`read_idx` and :func:`write_idx`, the IDX format of MNIST
* ``transforms.py`` :func:`standardize` and :func:`shifted_copies`, preparing arrays
* ``mnist.py``      :func:`load_mnist`, full MNIST, downloaded once, verified by
  SHA-256 (:func:`download_mnist`, :func:`mnist_dir`, :class:`MnistUnavailable`,
  :class:`MnistChecksumError`)

Every data set function returns plain NumPy arrays; wrap them in a
:class:`DataLoader` to get batches of :class:`minigrad.Tensor`.  Importing this
package needs only NumPy (scikit-learn is looked up only when digits are loaded).
"""

from .dataset import Dataset, Subset, TensorDataset, default_collate, random_split
from .digits import load_digits
from .idx import read_idx, write_idx
from .loader import DataLoader
from .mnist import MnistChecksumError, MnistUnavailable, download_mnist, load_mnist, mnist_dir
from .synthetic import linear_regression, product, spirals, toy4, xor
from .transforms import shifted_copies, standardize

__all__ = [
    "DataLoader", "Dataset", "TensorDataset", "Subset", "random_split", "default_collate",
    "toy4", "linear_regression", "product", "xor", "spirals",
    "load_digits", "standardize", "shifted_copies",
    "read_idx", "write_idx",
    "load_mnist", "download_mnist", "mnist_dir", "MnistUnavailable", "MnistChecksumError",
]
