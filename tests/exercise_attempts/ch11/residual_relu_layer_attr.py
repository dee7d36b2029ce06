# EXERCISE 11.residual_block
# expect: correct
# Keeps an nn.ReLU module between the two layers (made after them, so the draws keep
# their order).
class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.linear1 = nn.Linear(width, width)
        self.linear2 = nn.Linear(width, width)
        self.act = nn.ReLU()
        self.linear2.weight.data[...] = 0.0
        self.linear2.bias.data[...] = 0.0

    def forward(self, x):
        return x + self.linear2(self.act(self.linear1(x)))
