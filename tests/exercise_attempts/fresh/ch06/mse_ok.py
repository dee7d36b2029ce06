# EXERCISE 06.mse_loss
# expect: correct
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.shape != target.shape:
            raise ValueError(f"MSELoss: prediction has shape {prediction.shape} but target "
                             f"has shape {target.shape}; they must match")
        return ((prediction - target) ** 2).mean()
