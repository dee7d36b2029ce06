# EXERCISE 13.split_heads
# expect: correct
def split_heads(x, num_heads):
    d = x.shape[-1] // num_heads
    return mg.stack([x[:, :, h * d:(h + 1) * d] for h in range(num_heads)], dim=1)
