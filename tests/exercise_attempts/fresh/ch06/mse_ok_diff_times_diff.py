# EXERCISE 06.mse_loss
# expect: correct
class MSELoss(Module):
    def forward(self, prediction, target):
        if tuple(prediction.shape) != tuple(target.shape):
            raise ValueError("shapes differ: %s vs %s" % (prediction.shape, target.shape))
        diff = prediction - target
        return (diff * diff).sum() * (1.0 / diff.numel())
