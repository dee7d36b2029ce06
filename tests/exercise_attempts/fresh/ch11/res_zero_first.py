# EXERCISE 11.residual_block
# expect: incorrect: zeroes linear1 instead of linear2 (the branch is then linear2's bias, not 0)
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        nn.init.zeros_(self.linear1.weight)
        nn.init.zeros_(self.linear1.bias)

    def forward(self, x):
        return x + self.linear2(self.linear1(x).relu())
