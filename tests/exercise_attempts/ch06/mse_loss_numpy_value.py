# EXERCISE 06.mse_loss
# expect: incorrect: NumPy
# The right number, computed with NumPy, so nothing is recorded for backward.
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.shape != target.shape:
            raise ValueError("shapes differ")
        return Tensor(np.mean((prediction.data - target.data) ** 2), requires_grad=True)
