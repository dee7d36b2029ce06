# EXERCISE 13.split_heads
# expect: mistake: split_heads_no_permute
def split_heads(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, num_heads, T, E // num_heads)
