# EXERCISE 13.split_heads
# expect: incorrect: reshape to (N, T, d, H): heads take every H-th column
def split_heads(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, T, E // num_heads, num_heads).permute(0, 3, 1, 2)
