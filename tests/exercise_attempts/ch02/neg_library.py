# EXERCISE 02.neg
# expect: incorrect: but yours is minigrad's own 'mul' op
# From the blind attempts of issue 22 (fresh/ch02/neg_library.py):
# uses the library's negation.
def neg(a):
    return a * -1
