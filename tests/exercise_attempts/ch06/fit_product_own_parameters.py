# EXERCISE 06.fit_product
# expect: correct
# Own classes written differently, its own parameter walk, fewer steps, another rate.
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        k = 1.0 / in_features ** 0.5
        g = mg.random.get_rng()
        self.weight = Parameter(g.uniform(-k, k, size=(out_features, in_features)))
        self.bias = Parameter(g.uniform(-k, k, size=(out_features,)))

    def forward(self, x):
        return x.mm(self.weight.transpose()) + self.bias


class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = layers

    def forward(self, x):
        for f in self.layers:
            x = f(x)
        return x


class MSELoss(Module):
    def forward(self, prediction, target):
        if prediction.shape != target.shape:
            raise ValueError("shape mismatch")
        d = prediction - target
        return (d * d).mean()


class Sigmoid(Module):
    def forward(self, x):
        return x.sigmoid()


def parameters(module):
    out, stack = [], [module]
    while stack:
        m = stack.pop()
        for v in vars(m).values():
            for item in (v if isinstance(v, (list, tuple)) else [v]):
                if isinstance(item, Parameter) and all(item is not o for o in out):
                    out.append(item)
                elif isinstance(item, Module):
                    stack.append(item)
    return out


def fit_product(X, y):
    model = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    optimizer = SGD(parameters(model), lr=0.2, momentum=0.9)
    criterion = MSELoss()
    inputs, targets = Tensor(X), Tensor(y)
    history = []
    for step in range(450):
        loss = criterion(model(inputs), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        history.append(float(loss.data))
    return model, history
