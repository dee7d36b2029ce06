"""Containers that hold sub-modules for you: ``ModuleList`` and ``ModuleDict`` (chapter 11).

A plain Python list of layers inside a module is found by ``parameters()`` too
(minigrad looks inside lists), but a container says what it is for and behaves
like PyTorch's: ``ModuleList`` is a list you index, append to and loop over,
``ModuleDict`` a dict with string keys.  Neither has a ``forward``: you decide in
your own module how the members are called (``Sequential``, in ``layers.py``,
is the container that calls them one after another).
"""

from __future__ import annotations

from .module import Module


def _module(value, where: str) -> Module:
    if not isinstance(value, Module):
        hint = (" (did you pass a class instead of an instance, e.g. ReLU instead of ReLU()?)"
                if isinstance(value, type) else "")
        raise TypeError(f"{where}: expected a Module, got {type(value).__name__}{hint}.")
    return value


class ModuleList(Module):
    """A list of modules whose parameters the enclosing module finds:
    ``self.blocks = ModuleList(Block() for _ in range(4))``.  Index it, slice it, loop over
    it, ``append``, ``extend`` and ``insert``; it has no ``forward`` (call the members in
    your own module's).

    Args:
        modules (iterable of Modules, optional): the first members.

    Example:
        >>> from minigrad import nn
        >>> blocks = nn.ModuleList(nn.Linear(4, 4) for _ in range(3))
        >>> blocks.append(nn.ReLU())
        ModuleList(
          (0): Linear(in_features=4, out_features=4, bias=True)
          (1): Linear(in_features=4, out_features=4, bias=True)
          (2): Linear(in_features=4, out_features=4, bias=True)
          (3): ReLU()
        )
        >>> len(blocks), len(list(blocks.parameters()))
        (4, 6)
    """

    def __init__(self, modules=None):
        super().__init__()
        self._list = []
        if modules is not None:
            self.extend(modules)

    def _members(self):
        for i, module in enumerate(self._list):
            yield str(i), module

    def append(self, module: Module) -> "ModuleList":
        """Add ``module`` at the end; returns the list.

        Args:
            module (Module): the module.
        """
        self._list.append(_module(module, "ModuleList.append"))
        return self

    def extend(self, modules) -> "ModuleList":
        """Add each of ``modules`` at the end; returns the list.

        Args:
            modules (iterable of Modules): the modules.
        """
        for i, module in enumerate(modules):
            self._list.append(_module(module, f"ModuleList: item {i}"))
        return self

    def insert(self, index: int, module: Module) -> None:
        """Put ``module`` at position ``index``.

        Args:
            index (int): the position.
            module (Module): the module.
        """
        self._list.insert(index, _module(module, "ModuleList.insert"))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return ModuleList(self._list[index])
        return self._list[index]

    def __setitem__(self, index: int, module: Module) -> None:
        self._list[index] = _module(module, "ModuleList[i] = ...")

    def __delitem__(self, index) -> None:
        del self._list[index]

    def __len__(self) -> int:
        return len(self._list)

    def __iter__(self):
        return iter(self._list)

    def __iadd__(self, modules) -> "ModuleList":
        return self.extend(modules)

    def forward(self, *args, **kwargs):
        """Always an error: a ModuleList only holds modules; call them in your own forward.

        Args:
            args, kwargs: not used.
        """
        raise NotImplementedError("ModuleList has no forward(): loop over it in your own "
                                  "module's forward (or use Sequential to chain the layers).")


class ModuleDict(Module):
    """A dict of modules by name: ``self.heads = ModuleDict({"digit": Linear(64, 10)})``.

    Keys keep their insertion order, which is the order of ``parameters()`` and
    ``state_dict()`` (entries are named ``heads.digit.weight`` …).

    Args:
        modules (mapping or iterable of (name, Module) pairs, optional): the first entries.

    Example:
        >>> from minigrad import nn
        >>> heads = nn.ModuleDict({"digit": nn.Linear(8, 10), "parity": nn.Linear(8, 2)})
        >>> list(heads.keys()), [n for n, _ in heads.named_parameters()][:2]
        (['digit', 'parity'], ['digit.weight', 'digit.bias'])
    """

    def __init__(self, modules=None):
        super().__init__()
        self._dict = {}
        if modules is not None:
            self.update(modules)

    def _members(self):
        yield from self._dict.items()

    @staticmethod
    def _key(key) -> str:
        if not isinstance(key, str) or not key or "." in key:
            raise KeyError(f"ModuleDict: keys must be non-empty strings without '.', got {key!r}.")
        return key

    def __setitem__(self, key: str, module: Module) -> None:
        self._dict[self._key(key)] = _module(module, f"ModuleDict[{key!r}]")

    def __getitem__(self, key: str) -> Module:
        try:
            return self._dict[key]
        except KeyError:
            raise KeyError(f"ModuleDict has no module {key!r}; its keys are "
                           f"{list(self._dict)}.") from None

    def __delitem__(self, key: str) -> None:
        del self._dict[key]

    def __contains__(self, key) -> bool:
        return key in self._dict

    def __len__(self) -> int:
        return len(self._dict)

    def __iter__(self):
        return iter(self._dict)

    def keys(self):
        """The names, in insertion order."""
        return self._dict.keys()

    def values(self):
        """The modules, in insertion order."""
        return self._dict.values()

    def items(self):
        """(name, module) pairs, in insertion order."""
        return self._dict.items()

    def update(self, modules) -> None:
        """Add (or replace) entries.

        Args:
            modules (mapping or iterable of (name, Module) pairs): the entries.
        """
        pairs = modules.items() if hasattr(modules, "items") else modules
        for pair in pairs:
            key, module = pair
            self[key] = module

    def pop(self, key: str) -> Module:
        """Remove the entry ``key`` and return its module.

        Args:
            key (str): the name.
        """
        module = self[key]
        del self._dict[key]
        return module

    def clear(self) -> None:
        """Remove every entry."""
        self._dict.clear()

    def forward(self, *args, **kwargs):
        """Always an error: a ModuleDict only holds modules; pick one by name in your own forward.

        Args:
            args, kwargs: not used.
        """
        raise NotImplementedError("ModuleDict has no forward(): pick the module by name in your "
                                  "own module's forward, e.g. self.heads['digit'](x).")
