# EXERCISE 00.reciprocal
# expect: mistake: ReciprocalWrongSign
class Reciprocal:
    def forward(self, inputs):
        out = 1 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        return [grad * state ** 2]
