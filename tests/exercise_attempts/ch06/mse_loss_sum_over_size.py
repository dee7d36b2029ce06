# EXERCISE 06.mse_loss
# expect: correct
class MSELoss(Module):
    def forward(self, prediction, target):
        if tuple(prediction.shape) != tuple(target.shape):
            raise ValueError("MSELoss: prediction and target must have the same shape")
        d = prediction - target
        return (d * d).sum() * (1.0 / d.data.size)
