# EXERCISE 06.fit_product
# expect: incorrect: saturated
# after: fit_product_own_parameters.py
# Own classes and parameter walk, but a rate so large that the sigmoids saturate at once
# (the model has its Sigmoid: it must not be told to add one).
def fit_product(X, y):
    model = Sequential(Linear(2, 10), Sigmoid(), Linear(10, 1))
    optimizer = SGD(parameters(model), lr=0.8, momentum=0.9)
    criterion = MSELoss()
    inputs, targets = Tensor(X), Tensor(y)
    history = []
    for step in range(400):
        loss = criterion(model(inputs), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        history.append(float(loss.data))
    return model, history
