# EXERCISE 06.mse_loss
# expect: incorrect: an assert (AssertionError), not ValueError
class MSELoss(Module):
    def forward(self, prediction, target):
        assert prediction.shape == target.shape, "shapes differ"
        return ((prediction - target) ** 2).mean()
