# EXERCISE 06.mse_loss
# expect: incorrect: compares sizes, so (N, 1) against (N,) slips through
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.numel() != target.numel():
            raise ValueError("sizes differ")
        return ((prediction - target) ** 2).mean()
