# EXERCISE 00.reciprocal
# expect: incorrect: in place
# Overwrites the input array with its reciprocal and returns it.
class Reciprocal:
    def forward(self, inputs):
        d = inputs[0]
        np.reciprocal(d, out=d)
        return d, d

    def backprop(self, inputs, state, grad):
        return [-grad * state ** 2]
