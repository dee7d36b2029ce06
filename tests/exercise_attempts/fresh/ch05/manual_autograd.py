# EXERCISE 05.manual_grads
# expect: incorrect: uses minigrad's autograd, which the text forbids
def manual_grads(X, y, W1, b1, W2, b2):
    ps = [Tensor(a, requires_grad=True) for a in (W1, b1, W2, b2)]
    H = (Tensor(X) @ ps[0] + ps[1]).sigmoid()
    loss = ((H @ ps[2] + ps[3] - Tensor(y)) ** 2).mean()
    loss.backward()
    return {"loss": loss.item(), "W1": ps[0].grad.data, "b1": ps[1].grad.data,
            "W2": ps[2].grad.data, "b2": ps[3].grad.data}
