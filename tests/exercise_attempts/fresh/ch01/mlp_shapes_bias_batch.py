# EXERCISE 01.mlp_shapes
# expect: incorrect: biases carry a batch axis
def mlp_shapes(n, height, width, hidden, classes):
    f = height * width
    return {"images": (n, height, width), "inputs": (n, f), "weight1": (hidden, f),
            "bias1": (n, hidden), "hidden": (n, hidden), "weight2": (classes, hidden),
            "bias2": (n, classes), "logits": (n, classes)}
