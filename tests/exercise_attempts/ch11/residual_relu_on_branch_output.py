# EXERCISE 11.residual_block
# expect: incorrect: `value` has the right shape (2, 6) but wrong values
# A ReLU after linear2 as well, inside the branch: a fresh block is still the identity.
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        nn.init.zeros_(self.linear2.weight)
        nn.init.zeros_(self.linear2.bias)

    def forward(self, x):
        return x + self.linear2(self.linear1(x).relu()).relu()
