# EXERCISE 04.div
# expect: incorrect: one recorded op
# a · b⁻¹ with the library's ** and *: right numbers, but two library ops, not one op of
# the learner's.
def div(a, b):
    return a * b ** -1
