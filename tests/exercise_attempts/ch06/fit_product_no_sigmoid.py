# EXERCISE 06.fit_product
# expect: incorrect: Sigmoid
# after: linear_rng_uniform.py sequential_loop.py mse_loss_mean.py
# Two linear layers with nothing in between: still a plane.
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = Sequential(Linear(2, 10), Linear(10, 1))
    opt = SGD(model.parameters(), lr=0.1, momentum=0.9)
    loss_fn = MSELoss()
    losses = []
    for _ in range(500):
        opt.zero_grad()
        loss = loss_fn(model(Tensor(X)), Tensor(y))
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses
