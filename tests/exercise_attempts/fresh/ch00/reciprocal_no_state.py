# EXERCISE 00.reciprocal
# expect: incorrect: forward returns only the output, not (output, state)
class Reciprocal:
    def forward(self, inputs):
        return 1 / inputs[0]

    def backprop(self, inputs, state, grad):
        return [-grad / inputs[0] ** 2]
