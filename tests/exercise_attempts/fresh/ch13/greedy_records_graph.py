# EXERCISE 13.greedy
# expect: incorrect: decodes without no_grad, recording a graph every step
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = prompt.copy()
    for _ in range(steps):
        best = model(line).data[:, -1].argmax(axis=-1)
        line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, prompt.shape[1]:]
