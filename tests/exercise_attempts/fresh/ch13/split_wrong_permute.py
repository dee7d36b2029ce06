# EXERCISE 13.split_heads
# expect: incorrect: permutes to (N, H, d, T)
def split_heads(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, T, num_heads, E // num_heads).permute(0, 2, 3, 1)
