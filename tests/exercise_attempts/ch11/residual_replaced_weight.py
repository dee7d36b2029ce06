# EXERCISE 11.residual_block
# expect: incorrect: no longer a Parameter
# Replaces linear2's weight with a new zero Tensor instead of zeroing it in place.
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        self.linear2.weight = Tensor(np.zeros((width, width)))
        self.linear2.bias = Tensor(np.zeros(width))

    def forward(self, x):
        return x + self.linear2(self.linear1(x).relu())
