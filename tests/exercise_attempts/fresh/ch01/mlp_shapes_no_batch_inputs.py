# EXERCISE 01.mlp_shapes
# expect: incorrect: flattening drops the batch axis
def mlp_shapes(n, height, width, hidden, classes):
    f = height * width
    return {"images": (n, height, width), "inputs": (f,), "weight1": (hidden, f),
            "bias1": (hidden,), "hidden": (n, hidden), "weight2": (classes, hidden),
            "bias2": (classes,), "logits": (n, classes)}
