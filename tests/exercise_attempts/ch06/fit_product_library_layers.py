# EXERCISE 06.fit_product
# expect: shortcut
# minigrad's own layers and loss instead of the ones written in this notebook.
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = mg.nn.Sequential(mg.nn.Linear(2, 10), Sigmoid(), mg.nn.Linear(10, 1))
    opt = SGD(model.parameters(), lr=0.5, momentum=0.9)
    loss_fn = mg.nn.MSELoss()
    losses = []
    for _ in range(500):
        opt.zero_grad()
        loss = loss_fn(model(Tensor(X)), Tensor(y))
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses
