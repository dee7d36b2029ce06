# EXERCISE 06.fit_product
# expect: incorrect: blew up
# Has its Sigmoid, but a huge learning rate makes training blow up.
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        bound = 1 / np.sqrt(in_features)
        rng = mg.random.get_rng()
        self.weight = Parameter(rng.uniform(-bound, bound, (out_features, in_features)))
        self.bias = Parameter(rng.uniform(-bound, bound, out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias


class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = list(layers)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.shape != target.shape:
            raise ValueError("shapes differ")
        return ((prediction - target) ** 2).mean()


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
