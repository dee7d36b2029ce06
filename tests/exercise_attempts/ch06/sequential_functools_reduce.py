# EXERCISE 06.sequential
# expect: correct
# Folds the input through the layers with functools.reduce.
from functools import reduce


class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = [layer for layer in layers]

    def forward(self, x):
        return reduce(lambda h, layer: layer(h), self.layers, x)
