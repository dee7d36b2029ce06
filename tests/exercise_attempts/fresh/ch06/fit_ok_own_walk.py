# EXERCISE 06.fit_product
# expect: correct
# after: linear_ok.py sequential_ok_reduce.py mse_ok_diff_times_diff.py params_ok_recursive.py
class Sigmoid(Module):
    """1 / (1 + e^-x), elementwise, as a layer (x.sigmoid() is chapter 5's op)."""

    def forward(self, x):
        return x.sigmoid()


def fit_product(X, y):
    net = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    crit = MSELoss()
    sgd = SGD(parameters(net), 0.2, momentum=0.9)
    inputs, targets = Tensor(X), Tensor(y)
    history = []
    step = 0
    while step < 400:
        loss = crit(net(inputs), targets)
        sgd.zero_grad()
        loss.backward()
        sgd.step()
        history.append(float(loss.data))
        step += 1
    return net, history
