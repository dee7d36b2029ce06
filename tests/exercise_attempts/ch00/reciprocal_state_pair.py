# EXERCISE 00.reciprocal
# expect: correct
# Keeps both the input and the output as the state, and uses the input in backprop.
class Reciprocal:
    def forward(self, inputs):
        d = inputs[0]
        out = np.reciprocal(d)
        return out, (d, out)

    def backprop(self, inputs, state, grad):
        d, _ = state
        return [grad * (-1.0 / (d * d))]
