# EXERCISE 00.reciprocal
# expect: incorrect: multiplies the incoming grad array in place (it is the gate's own grad)
class Reciprocal:
    def forward(self, inputs):
        out = 1 / inputs[0]
        return out, out

    def backprop(self, inputs, state, grad):
        grad *= -state ** 2
        return [grad]
