# EXERCISE 13.split_heads
# expect: correct
def split_heads(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, T, num_heads, E // num_heads).permute(0, 2, 1, 3)
