# EXERCISE 06.mse_loss
# expect: incorrect: mg.nn.MSELoss
class MSELoss(mg.nn.MSELoss):
    pass
