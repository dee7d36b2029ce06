# EXERCISE 02.neg
# expect: incorrect: but yours is minigrad's own 'sub' op
# From the blind attempts of issue 22 (fresh/ch02/neg_library_rsub.py):
# 0 - a: the library's subtraction does the work, no op of mine is recorded.
def neg(a):
    return 0 - a
