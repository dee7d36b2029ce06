# EXERCISE 02.neg
# expect: mistake: neg_forgot_sign
def neg(a):
    return record(-a.data, (a,), lambda grad: (grad,), "neg")
