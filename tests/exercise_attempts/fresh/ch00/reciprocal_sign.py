# EXERCISE 00.reciprocal
# expect: incorrect: the slope's sign is wrong
class Reciprocal:
    def forward(self, inputs):
        out = 1 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        return [grad * state ** 2]
