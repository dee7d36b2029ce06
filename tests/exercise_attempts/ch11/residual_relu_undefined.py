# EXERCISE 11.residual_block
# expect: incorrect: NameError: name 'relu' is not defined
# Writes the formula of the exercise text literally: relu is not a name in the notebook.
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        nn.init.zeros_(self.linear2.weight)
        nn.init.zeros_(self.linear2.bias)

    def forward(self, x):
        return x + self.linear2(relu(self.linear1(x)))
