# EXERCISE 02.add
# A shortcut compiled under a name that looks like the library's (and one under the file
# name of minigrad's own module): the guard tells code apart by identity, not by name.
import minigrad.ops.add_neg as _lib

exec(compile("def add(a, b):\n    return a + b\n", "<frozen add>", "exec"))
exec(compile("def _neg(a):\n    return -a\n", _lib.__file__, "exec"))
