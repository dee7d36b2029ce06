# EXERCISE 13.split_heads
# expect: correct
# One slice of columns per head, stacked along a new axis 1.
def split_heads(x, num_heads):
    d = x.shape[-1] // num_heads
    heads = [x[:, :, h * d:(h + 1) * d] for h in range(num_heads)]
    return mg.stack(heads, dim=1)
