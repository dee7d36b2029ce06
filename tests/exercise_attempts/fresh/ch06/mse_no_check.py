# EXERCISE 06.mse_loss
# expect: incorrect: no shape check
class MSELoss(Module):
    def forward(self, prediction, target):
        return ((prediction - target) ** 2).mean()
