# EXERCISE 02.add
import numpy as np

import classroom.exercises.core as core

# A wrong answer that tries to make every comparison pass.
np.allclose = lambda *args, **kwargs: True
np.array_equal = lambda *args, **kwargs: True
core.difference = lambda *args, **kwargs: None


def add(a, b):
    return record(a.data + b.data, (a, b),
                  lambda grad: (np.ones_like(grad), np.ones_like(grad)), "add")
