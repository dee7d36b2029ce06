# EXERCISE 13.attention_op
# expect: incorrect: F.scaled_dot_product_attention
def attention_op(q, k, v):
    return F.scaled_dot_product_attention(q, k, v)
