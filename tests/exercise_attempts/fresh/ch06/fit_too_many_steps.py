# EXERCISE 06.fit_product
# expect: incorrect: 1500 steps, over the budget of 500
# after: linear_ok.py sequential_ok.py mse_ok.py
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    loss_fn = MSELoss()
    opt = SGD(model.parameters(), lr=0.1, momentum=0.5)
    Xt, yt = Tensor(X), Tensor(y)
    losses = []
    for _ in range(1500):
        opt.zero_grad()
        loss = loss_fn(model(Xt), yt)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses
