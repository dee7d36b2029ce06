# EXERCISE 06.fit_product
# expect: incorrect: builds the model from mg.nn instead of the learner's classes
# after: linear_ok.py sequential_ok.py mse_ok.py
class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    model = mg.nn.Sequential(mg.nn.Linear(2, 10), mg.nn.Sigmoid(), mg.nn.Linear(10, 1))
    loss_fn = MSELoss()
    opt = SGD(model.parameters(), lr=0.3, momentum=0.9)
    Xt, yt = Tensor(X), Tensor(y)
    losses = []
    for _ in range(500):
        opt.zero_grad()
        loss = loss_fn(model(Xt), yt)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses
