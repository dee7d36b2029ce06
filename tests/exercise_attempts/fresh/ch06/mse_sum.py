# EXERCISE 06.mse_loss
# expect: incorrect: a sum, not a mean
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.shape != target.shape:
            raise ValueError("shapes differ")
        return ((prediction - target) ** 2).sum()
