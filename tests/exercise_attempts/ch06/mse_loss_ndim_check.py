# EXERCISE 06.mse_loss
# expect: incorrect: Compare the shapes themselves
# Refuses inputs with different numbers of axes, which catches (N, 1) against (N,) only.
class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.ndim != target.ndim:
            raise ValueError(f"MSELoss: {prediction.ndim}-D prediction, {target.ndim}-D target")
        return ((prediction - target) ** 2).mean()
