# EXERCISE 01.mlp_shapes
# expect: incorrect: second layer's weight as (hidden, classes) while the first is right
def mlp_shapes(n, height, width, hidden, classes):
    f = height * width
    return {"images": (n, height, width), "inputs": (n, f), "weight1": (hidden, f),
            "bias1": (hidden,), "hidden": (n, hidden), "weight2": (hidden, classes),
            "bias2": (classes,), "logits": (n, classes)}
