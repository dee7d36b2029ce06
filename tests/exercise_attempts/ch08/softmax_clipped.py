# EXERCISE 08.softmax
# expect: incorrect: whose differences still matter
# From the blind attempts of issue 22 (fresh/ch08/softmax_clipped.py):
# clips the logits to ±50 instead of shifting them.
def softmax(logits):
    z = logits.clamp(-50, 50)
    e = z.exp()
    return e / e.sum(dim=1, keepdims=True)
