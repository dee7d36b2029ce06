# EXERCISE 13.greedy
# expect: incorrect: never draws a token at random
# Samples from the softmax instead of taking the best token: not greedy, and not repeatable.
def greedy_decode(model, prompt, steps):
    mode = model.training
    model.eval()
    line = prompt.copy()
    with mg.no_grad():
        for _ in range(steps):
            logits = model(line).data[:, -1, :]
            p = np.exp(logits - logits.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            token = np.array([np.random.choice(len(row), p=row) for row in p])
            line = np.hstack([line, token[:, None]])
    model.train(mode)
    return line[:, prompt.shape[1]:]
