# EXERCISE 06.fit_product
# expect: incorrect: blew up
# after: linear_rng_uniform.py sequential_loop.py mse_loss_mean.py
# Has its Sigmoid, but a huge learning rate makes training blow up.
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    opt = SGD(model.parameters(), lr=30.0, momentum=0.9)
    loss_fn = MSELoss()
    losses = []
    for _ in range(500):
        opt.zero_grad()
        loss = loss_fn(model(Tensor(X)), Tensor(y))
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses
