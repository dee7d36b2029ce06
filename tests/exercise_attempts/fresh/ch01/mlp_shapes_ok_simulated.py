# EXERCISE 01.mlp_shapes
# expect: correct
def mlp_shapes(n, height, width, hidden, classes):
    images = np.zeros((n, height, width))
    inputs = images.reshape(n, -1)
    w1, b1 = np.zeros((hidden, inputs.shape[1])), np.zeros(hidden)
    h = inputs @ w1.T + b1
    w2, b2 = np.zeros((classes, hidden)), np.zeros(classes)
    logits = h @ w2.T + b2
    return {k: tuple(int(s) for s in v.shape) for k, v in
            dict(images=images, inputs=inputs, weight1=w1, bias1=b1, hidden=h,
                 weight2=w2, bias2=b2, logits=logits).items()}
