# EXERCISE 11.residual_block
# expect: incorrect: np.random
# Draws linear1's weights with NumPy's global generator instead of letting Linear draw them.
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        bound = 1 / np.sqrt(width)
        self.linear1.weight.data[...] = np.random.uniform(-bound, bound, (width, width))
        nn.init.zeros_(self.linear2.weight)
        nn.init.zeros_(self.linear2.bias)

    def forward(self, x):
        return x + self.linear2(self.linear1(x).relu())
