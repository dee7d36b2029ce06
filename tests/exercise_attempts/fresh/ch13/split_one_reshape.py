# EXERCISE 13.split_heads
# expect: incorrect: one reshape straight to (N, H, T, d) mixes positions
def split_heads(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, num_heads, T, E // num_heads)
