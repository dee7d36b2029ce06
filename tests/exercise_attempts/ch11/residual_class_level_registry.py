# EXERCISE 11.residual_block
# expect: incorrect: shared by every instance
# Counts its blocks in a class-level list, which every instance shares.
class ResidualBlock(nn.Module):
    made = []

    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        nn.init.zeros_(self.linear2.weight)
        nn.init.zeros_(self.linear2.bias)
        self.made.append(width)

    def forward(self, x):
        return x + self.linear2(self.linear1(x).relu())
