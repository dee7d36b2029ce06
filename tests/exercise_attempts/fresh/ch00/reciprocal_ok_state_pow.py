# EXERCISE 00.reciprocal
# expect: correct
class Reciprocal:
    def forward(self, inputs):
        out = np.reciprocal(np.asarray(inputs[0], dtype=float))
        return out, out

    def backprop(self, inputs, state, grad):
        return [grad * -np.square(state)]
