# EXERCISE 00.reciprocal
# expect: incorrect: keeps the output on self, so one op object shared by two gates mixes them up
class Reciprocal:
    def forward(self, inputs):
        self.out = 1 / inputs[0]
        return self.out, None

    def backprop(self, inputs, state, grad):
        return [-grad * self.out ** 2]
