# EXERCISE 00.reciprocal
# expect: incorrect: in place
# Scales the incoming gradient array itself instead of a new one.
class Reciprocal:
    def forward(self, inputs):
        out = 1 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        grad *= -state * state
        return [grad]
