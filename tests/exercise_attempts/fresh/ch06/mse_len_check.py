# EXERCISE 06.mse_loss
# expect: incorrect: compares len(), the first axis only
class MSELoss(Module):
    def forward(self, prediction, target):
        if len(prediction) != len(target):
            raise ValueError("lengths differ")
        return ((prediction - target) ** 2).mean()
