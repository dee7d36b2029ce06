# EXERCISE 11.clip_grad_norm
# expect: incorrect: the library's clip_grad_norm_
def clip_grad_norm(parameters, max_norm):
    return float(nn.utils.clip_grad_norm_(parameters, max_norm))
