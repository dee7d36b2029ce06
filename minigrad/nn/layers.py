"""The everyday layers: Linear, Sequential, the activation modules, Dropout, and Identity
and Flatten (chapter 12: from feature maps to a classifier)."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from ..random import get_rng
from . import functional as F
from .module import Module, Parameter


def _positive_int(value, what: str, layer: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        kind = "positive" if minimum else "non-negative"
        raise ValueError(f"{layer}: {what} must be a {kind} integer, got {value!r}.")
    return int(value)


class Linear(Module):
    """``y = x @ weight.T + bias``: every output is a weighted sum of every input (chapter 6).

    ``weight`` has shape (out_features, in_features) and ``bias`` (out_features,),
    PyTorch's layout, so a ``state_dict`` moves between the two libraries as is.

    **Initialisation.** Weight and bias are drawn uniformly from
    [-1/√in_features, 1/√in_features] (PyTorch's default for ``nn.Linear``).  A sum
    of ``in_features`` terms each of variance 1/(3·in_features) then has variance
    about a third of the input's, whatever the width: outputs neither explode nor
    vanish as layers are stacked.  Numbers come from ``minigrad.manual_seed`` unless
    an ``rng`` is given.

    Args:
        in_features (int): the size of each input (0 is allowed, as in PyTorch).
        out_features (int): the size of each output.
        bias (bool): learn a bias (True).
        dtype: the parameters' dtype (float64).
        rng (numpy.random.Generator, optional): where the initial weights come from.

    Shape:
        x: (..., in_features) -> (..., out_features).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> layer = nn.Linear(3, 2)
        >>> layer(mg.randn(5, 3)).shape, layer.weight.shape
        ((5, 2), (2, 3))
    """

    def __init__(self, in_features: int, out_features: int, bias: bool = True,
                 dtype=np.float64, rng=None):
        super().__init__()
        # zero features are allowed, as in PyTorch: the layer then outputs its bias
        self.in_features = _positive_int(in_features, "in_features", "Linear", minimum=0)
        self.out_features = _positive_int(out_features, "out_features", "Linear", minimum=0)
        gen = get_rng(rng)
        bound = 1.0 / np.sqrt(self.in_features) if self.in_features else 0.0
        self.weight = Parameter(
            gen.uniform(-bound, bound, (self.out_features, self.in_features)).astype(dtype))
        self.bias = (Parameter(gen.uniform(-bound, bound, self.out_features).astype(dtype))
                     if bias else None)

    def forward(self, x):
        """``x @ weight.T + bias`` (see :func:`minigrad.nn.functional.linear`)."""
        return F.linear(x, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"bias={self.bias is not None}")


class Sequential(Module):
    """Layers applied one after another: ``Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))``.

    Index it (``model[0]``, ``model[1:]``), loop over it, ``len()`` it, ``append`` to it.
    Given one ``OrderedDict`` of named layers instead, as PyTorch allows, each layer is
    also an attribute of that name (``model.fc``) and its parameters are named after it.

    Args:
        layers (Modules, or one OrderedDict of them): the layers, in order.

    Shape:
        x: whatever the first layer takes; the output is the last layer's.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> model = nn.Sequential(nn.Linear(2, 10), nn.Sigmoid(), nn.Linear(10, 1))
        >>> model(mg.randn(4, 2)).shape
        (4, 1)
        >>> model[0]
        Linear(in_features=2, out_features=10, bias=True)
    """

    def __init__(self, *layers: Module):
        super().__init__()
        if len(layers) == 1 and isinstance(layers[0], OrderedDict):
            names, layers = list(layers[0]), tuple(layers[0].values())
        else:
            names = [str(i) for i in range(len(layers))]
        for name, layer in zip(names, layers):
            if not isinstance(layer, Module):
                raise TypeError(f"Sequential: item {name} is a {type(layer).__name__}, not a "
                                f"Module (did you pass a class instead of an instance, e.g. "
                                f"ReLU instead of ReLU()?).")
        self._layers = list(layers)
        self._names = names

    def _members(self):
        return zip(self._names, self._layers)

    def __getattr__(self, name: str):
        # only called when normal lookup fails: a layer named in an OrderedDict
        names = vars(self).get("_names", ())
        if name in names:
            return self._layers[names.index(name)]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute {name!r}")

    def add_module(self, name: str, module) -> None:
        """Append ``module`` under ``name`` (PyTorch builds a Sequential this way)."""
        if not isinstance(module, Module):
            raise TypeError(f"Sequential.add_module: expected a Module, got "
                            f"{type(module).__name__}.")
        if not isinstance(name, str) or not name or "." in name or name in self._names:
            raise KeyError(f"Sequential.add_module: {name!r} is not a new name without '.'.")
        self._layers.append(module)
        self._names.append(name)

    def forward(self, x):
        """Each layer in turn, each fed the previous one's output."""
        for layer in self._layers:
            x = layer(x)
        return x

    def append(self, layer: Module) -> "Sequential":
        """Add ``layer`` at the end; returns the Sequential.

        Args:
            layer (Module): the layer.
        """
        if not isinstance(layer, Module):
            raise TypeError(f"Sequential.append: expected a Module, got {type(layer).__name__}.")
        self._layers.append(layer)
        self._names.append(str(len(self._layers) - 1))
        return self

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Sequential(OrderedDict(zip(self._names[i], self._layers[i])))
        return self._layers[i]

    def __len__(self) -> int:
        return len(self._layers)

    def __iter__(self):
        return iter(self._layers)


class ReLU(Module):
    """max(x, 0), elementwise; ``inplace=True`` writes the result into the input, as
    PyTorch's.

    Args:
        inplace (bool): write the result into the input.

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.ReLU()(mg.tensor([-1.0, 2.0]))
        tensor([0., 2.])
    """

    def __init__(self, inplace: bool = False):
        super().__init__()
        self.inplace = inplace

    def forward(self, x):
        """max(x, 0), elementwise."""
        return F.in_place(x, x.relu(), "relu") if self.inplace else x.relu()

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class Sigmoid(Module):
    """1 / (1 + e⁻ˣ), elementwise: squashes any number into (0, 1).

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.Sigmoid()(mg.tensor([0.0]))
        tensor([0.5])
    """

    def forward(self, x):
        """σ(x), elementwise."""
        return x.sigmoid()


class Tanh(Module):
    """tanh(x), elementwise: squashes any number into (-1, 1).

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.Tanh()(mg.tensor([0.0]))
        tensor([0.])
    """

    def forward(self, x):
        """tanh(x), elementwise."""
        return x.tanh()


class Dropout(Module):
    """In training, zero each element with probability ``p`` (and scale the rest by
    1/(1-p)); after ``eval()``, pass the input through unchanged
    (:func:`minigrad.nn.functional.dropout`).

    Args:
        p (float): the probability of zeroing an element (0.5).
        inplace (bool): write the result into the input.
        rng (optional): the generator to draw from (minigrad's by default).

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> drop = nn.Dropout(0.5)
        >>> x = mg.ones(4)
        >>> drop.eval()(x) is x
        True
    """

    def __init__(self, p: float = 0.5, inplace: bool = False, rng=None):
        super().__init__()
        if not 0.0 <= p < 1.0:
            raise ValueError(f"Dropout: p must be in [0, 1), got {p}.")
        self.p, self.inplace = float(p), inplace
        self.rng = rng

    def forward(self, x):
        """Dropout in training mode, ``x`` itself in evaluation mode."""
        return F.dropout(x, self.p, self.training, self.inplace, rng=self.rng)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Identity(Module):
    """Returns its input unchanged (a placeholder, e.g. for a removed layer); it accepts and
    ignores any arguments, as PyTorch's does.

    Args:
        args, kwargs: ignored.

    Shape:
        x: anything; returned as it is.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> x = mg.zeros(2)
        >>> nn.Identity(54, unused="yes")(x) is x
        True
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, x):
        """``x`` itself."""
        return x


class Flatten(Module):
    """Flattens dimensions ``start_dim`` … ``end_dim`` into one: by default everything but the
    batch, so (N, C, H, W) becomes (N, C·H·W), ready for a Linear layer (chapter 12).

    Args:
        start_dim (int): the first axis merged (1).
        end_dim (int): the last axis merged (-1).

    Shape:
        x: (N, C, H, W) -> (N, C·H·W) with the defaults.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.Flatten()(mg.zeros(8, 3, 4, 4)).shape
        (8, 48)
    """

    def __init__(self, start_dim: int = 1, end_dim: int = -1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, x):
        """``x`` with axes ``start_dim`` … ``end_dim`` merged."""
        # the tensor's flatten: a dim outside the input's is an IndexError, as in PyTorch
        # (Flatten(start_dim=5) of a 2-d input does not quietly return the input)
        return x.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Unflatten(Module):
    """Splits axis ``dim`` into ``unflattened_size`` (Flatten's inverse): (N, 784) with
    ``Unflatten(1, (1, 28, 28))`` becomes (N, 1, 28, 28).

    Args:
        dim (int): the axis to split.
        unflattened_size (tuple of ints): its new sizes, whose product is its size (one
            may be -1, inferred).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.Unflatten(1, (2, 3))(mg.zeros(4, 6)).shape
        (4, 2, 3)
    """

    def __init__(self, dim: int, unflattened_size):
        super().__init__()
        if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
            raise TypeError(f"Unflatten: dim must be an int, got {type(dim).__name__}.")
        if not isinstance(unflattened_size, (tuple, list)) or not all(
                isinstance(n, (int, np.integer)) and not isinstance(n, bool)
                for n in unflattened_size):
            raise TypeError(f"Unflatten: unflattened_size must be a tuple of ints, got "
                            f"{unflattened_size!r}.")
        self.dim, self.unflattened_size = int(dim), tuple(int(n) for n in unflattened_size)

    def forward(self, x):
        """``x`` with axis ``dim`` split into ``unflattened_size`` (``x.unflatten``)."""
        return x.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self) -> str:
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"
