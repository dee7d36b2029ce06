# EXERCISE 06.mse_loss
# expect: incorrect: compares numbers of axes only
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.ndim != target.ndim:
            raise ValueError("different number of axes")
        return ((prediction - target) ** 2).mean()
