# EXERCISE 01.mlp_shapes
# expect: correct
def mlp_shapes(n, height, width, hidden, classes):
    f = np.prod((height, width))
    return {"images": (n, height, width), "inputs": (n, f), "weight1": (hidden, f),
            "bias1": (hidden,), "hidden": (n, hidden), "weight2": (classes, hidden),
            "bias2": (classes,), "logits": (n, classes)}
