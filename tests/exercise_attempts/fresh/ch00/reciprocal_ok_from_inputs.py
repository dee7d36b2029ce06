# EXERCISE 00.reciprocal
# expect: correct
class Reciprocal:
    def forward(self, inputs):
        (d,) = inputs
        return 1.0 / d, None

    def backprop(self, inputs, state, grad):
        d = inputs[0]
        return [-grad / (d * d)]
