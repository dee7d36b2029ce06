# EXERCISE 01.mlp_shapes
# expect: incorrect: weights as (in, out)
def mlp_shapes(n, height, width, hidden, classes):
    f = height * width
    return {"images": (n, height, width), "inputs": (n, f), "weight1": (f, hidden),
            "bias1": (hidden,), "hidden": (n, hidden), "weight2": (hidden, classes),
            "bias2": (classes,), "logits": (n, classes)}
