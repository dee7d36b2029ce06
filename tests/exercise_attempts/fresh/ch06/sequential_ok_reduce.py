# EXERCISE 06.sequential
# expect: correct
import functools


class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.steps = [layer for layer in layers]

    def forward(self, x):
        return functools.reduce(lambda acc, layer: layer(acc), self.steps, x)
