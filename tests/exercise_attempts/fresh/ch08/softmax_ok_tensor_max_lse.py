# EXERCISE 08.softmax
# expect: correct
def softmax(logits):
    # the shift as a tensor op (its gradient cancels out), and the division as exp(z - lse)
    m = logits.max(1, keepdim=True).values
    z = logits - m
    lse = z.exp().sum(1, keepdim=True).log()
    return (z - lse).exp()
