# EXERCISE 06.fit_product
# expect: incorrect: plain SGD with a small rate stalls near 0.11
# after: linear_ok.py sequential_ok.py mse_ok.py
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    loss_fn = MSELoss()
    opt = SGD(model.parameters(), lr=0.05)
    Xt, yt = Tensor(X), Tensor(y)
    losses = []
    for _ in range(500):
        opt.zero_grad()
        loss = loss_fn(model(Xt), yt)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses
