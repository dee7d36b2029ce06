# EXERCISE 00.reciprocal
# expect: correct
# NumPy's own functions, the output kept as state.
class Reciprocal:
    def forward(self, inputs):
        out = np.reciprocal(inputs[0].astype(float))
        return out, out

    def backprop(self, inputs, state, grad):
        slope = -np.square(state)
        return [np.multiply(grad, slope)]
