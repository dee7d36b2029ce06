# EXERCISE 00.reciprocal
# expect: mistake: ReciprocalStateOnSelf
# Remembers the output on the op object; the state it returns is never used.
class Reciprocal:
    def forward(self, inputs):
        self.out = 1 / inputs[0]
        return self.out, None

    def backprop(self, inputs, state, grad):
        return [-grad * self.out ** 2]
