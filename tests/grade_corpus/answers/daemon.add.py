# EXERCISE 02.add
# A double-forked daemon and 200 sleepers, each meant to outlive the grading.
import os


def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")


child = os.fork()
if child == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv("/bin/sleep", ["sleep", "__MARKER__1"])
    os._exit(0)
os.waitpid(child, 0)
started = 0
for _ in range(200):
    try:
        if os.fork() == 0:
            os.execv("/bin/sleep", ["sleep", "__MARKER__2"])
        started += 1
    except OSError:
        break
print("sleepers started:", started)
