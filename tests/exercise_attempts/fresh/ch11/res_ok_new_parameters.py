# EXERCISE 11.residual_block
# expect: correct
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        # new zero Parameters (still Parameters, so parameters() finds them)
        self.linear2.weight = nn.Parameter(np.zeros((width, width)))
        self.linear2.bias = nn.Parameter(np.zeros(width))

    def forward(self, x):
        return x + self.linear2(self.linear1(x).relu())
