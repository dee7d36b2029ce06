# EXERCISE 13.split_heads
# expect: incorrect: brand-new leaf
def split_heads(x, num_heads):
    N, T, E = x.shape
    arranged = x.data.reshape(N, T, num_heads, E // num_heads).transpose(0, 2, 1, 3)
    return Tensor(arranged.copy(), requires_grad=True)
