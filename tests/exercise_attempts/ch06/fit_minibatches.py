# EXERCISE 06.fit_product
# expect: incorrect: not mini-batches
# after: linear_rng_uniform.py sequential_loop.py mse_loss_mean.py
# From the blind attempts of issue 22 (fresh/ch06/fit_minibatches.py):
# mini-batches of 32 rows, not all n points at every step.
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    loss_fn = MSELoss()
    opt = SGD(model.parameters(), lr=0.2, momentum=0.9)
    losses = []
    for step in range(500):
        rows = slice((step * 32) % len(X), (step * 32) % len(X) + 32)
        opt.zero_grad()
        loss = loss_fn(model(Tensor(X[rows])), Tensor(y[rows]))
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses
