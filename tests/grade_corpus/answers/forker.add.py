# EXERCISE 02.add
# os.fork() in a cell: the child does not exit, it returns into the worker's loop.
import os

child = os.fork()
print("forked" if child else "I am the child")


def add(a, b):
    return record(a.data + b.data, (a, b), lambda grad: (grad, grad), "add")
