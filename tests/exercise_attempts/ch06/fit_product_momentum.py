# EXERCISE 06.fit_product
# expect: correct
# after: linear_rng_uniform.py sequential_loop.py mse_loss_mean.py
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    opt = SGD(model.parameters(), lr=0.5, momentum=0.9)
    loss_fn = MSELoss()
    X, y = Tensor(X), Tensor(y)
    losses = []
    for _ in range(500):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses
