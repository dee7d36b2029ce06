# EXERCISE 00.reciprocal
# expect: incorrect: forward overwrites the input array in place
class Reciprocal:
    def forward(self, inputs):
        d = inputs[0]
        np.reciprocal(d, out=d)
        return d, d

    def backprop(self, inputs, state, grad):
        return [-grad * state * state]
