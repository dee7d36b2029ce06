# EXERCISE 08.softmax
# expect: incorrect: clips the logits to ±50 instead of shifting them
def softmax(logits):
    z = logits.clamp(-50, 50)
    e = z.exp()
    return e / e.sum(dim=1, keepdims=True)
