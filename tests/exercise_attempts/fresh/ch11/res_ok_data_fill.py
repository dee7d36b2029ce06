# EXERCISE 11.residual_block
# expect: correct
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        self.linear2.weight.data[...] = 0.0
        self.linear2.bias.data.fill(0.0)
        self.act = nn.ReLU()

    def forward(self, x):
        branch = self.linear2(self.act(self.linear1(x)))
        return branch + x
