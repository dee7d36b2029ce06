# EXERCISE 11.residual_block
# expect: incorrect: replaces linear2's weight with a plain Tensor
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        self.linear2.weight = Tensor(np.zeros((width, width)), requires_grad=True)
        self.linear2.bias = Tensor(np.zeros(width), requires_grad=True)

    def forward(self, x):
        return x + self.linear2(self.linear1(x).relu())
