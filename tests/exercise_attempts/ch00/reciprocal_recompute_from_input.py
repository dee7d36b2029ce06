# EXERCISE 00.reciprocal
# expect: correct
# Keeps no state and recomputes the slope from the input in backprop.
class Reciprocal:
    def forward(self, inputs):
        d = inputs[0]
        return 1.0 / d, None

    def backprop(self, inputs, state, grad):
        d = inputs[0]
        return [-grad / (d * d)]
