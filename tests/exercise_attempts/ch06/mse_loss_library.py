# EXERCISE 06.mse_loss
# expect: shortcut
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.shape != target.shape:
            raise ValueError("shapes differ")
        return mg.nn.functional.mse_loss(prediction, target)
