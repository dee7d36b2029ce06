# EXERCISE 13.split_heads
# expect: incorrect: leaves the heads after the positions (N, T, H, d)
def split_heads(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, T, num_heads, E // num_heads)
