# EXERCISE 11.residual_block
# expect: mistake: residual_not_zeroed
# Forgets to zero linear2, so a fresh block is not the identity.
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)

    def forward(self, x):
        return x + self.linear2(self.linear1(x).relu())
