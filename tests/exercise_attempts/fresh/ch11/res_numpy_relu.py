# EXERCISE 11.residual_block
# expect: incorrect: the ReLU on the arrays, which cuts the graph through linear1
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        nn.init.zeros_(self.linear2.weight)
        nn.init.zeros_(self.linear2.bias)

    def forward(self, x):
        h = Tensor(np.maximum(self.linear1(x).data, 0))
        return x + self.linear2(h)
