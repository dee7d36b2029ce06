# EXERCISE 00.reciprocal
# expect: incorrect: backprop returns an array, not a list with one gradient
class Reciprocal:
    def forward(self, inputs):
        out = 1 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        return -grad * state * state
