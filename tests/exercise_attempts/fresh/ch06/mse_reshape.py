# EXERCISE 06.mse_loss
# expect: incorrect: silently reshapes the target instead of refusing it
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.shape != target.shape:
            target = target.reshape(prediction.shape)
        return ((prediction - target) ** 2).mean()
