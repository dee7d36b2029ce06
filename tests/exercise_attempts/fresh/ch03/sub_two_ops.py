# EXERCISE 03.sub
# expect: incorrect: a + (-b) built from two recorded ops
def _neg(t):
    return record(-t.data, (t,), lambda g: (-g,), "neg")


def _add(s, t):
    return record(s.data + t.data, (s, t), lambda g: (g, g), "add")


def sub(a, b):
    return _add(a, _neg(b))
