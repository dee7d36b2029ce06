# EXERCISE 13.split_heads
# expect: incorrect: NumPy, no graph
def split_heads(x, num_heads):
    N, T, E = x.shape
    return Tensor(x.data.reshape(N, T, num_heads, E // num_heads).transpose(0, 2, 1, 3))
