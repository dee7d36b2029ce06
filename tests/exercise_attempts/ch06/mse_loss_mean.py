# EXERCISE 06.mse_loss
# expect: correct
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.shape != target.shape:
            raise ValueError(f"shapes differ: {prediction.shape} vs {target.shape}")
        return ((prediction - target) ** 2).mean()
