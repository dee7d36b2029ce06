# EXERCISE 02.add
# An honest answer that imports, in its own cell, what was not imported before the sandbox
# closed: the course's widgets and NumPy's FFT.  With the course checked out under /tmp (the
# test grades a copy there) they must still be in the worker's view.
import classroom.widgets
import numpy.fft

print("imports ok:", callable(numpy.fft.fft), hasattr(classroom.widgets, "__name__"))


def add(a, b):
    return record(a.data + b.data, (a, b), lambda grad: (grad, grad), "add")
