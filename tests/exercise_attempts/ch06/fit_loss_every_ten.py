# EXERCISE 06.fit_product
# expect: incorrect: keep one loss per step
# after: linear_rng_uniform.py sequential_loop.py mse_loss_mean.py
# From the blind attempts of issue 22 (fresh/ch06/fit_loss_every_ten.py):
# keeps one loss every 10 steps, not one per step.
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    loss_fn = MSELoss()
    opt = SGD(model.parameters(), lr=0.3, momentum=0.9)
    Xt, yt = Tensor(X), Tensor(y)
    losses = []
    for step in range(500):
        opt.zero_grad()
        loss = loss_fn(model(Xt), yt)
        loss.backward()
        opt.step()
        if step % 10 == 0:
            losses.append(loss.item())
    return model, losses
