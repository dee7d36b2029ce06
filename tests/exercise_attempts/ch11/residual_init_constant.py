# EXERCISE 11.residual_block
# expect: correct
# Zeroes linear2 with nn.init.constant_ and uses the relu method.
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        for p in self.linear2.parameters():
            nn.init.constant_(p, 0.0)

    def forward(self, x):
        h = self.linear1(x).relu()
        return self.linear2(h) + x
