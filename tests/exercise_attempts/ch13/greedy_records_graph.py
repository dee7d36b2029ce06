# EXERCISE 13.greedy
# expect: incorrect: no_grad
def greedy_decode(model, prompt, steps):
    was_training = model.training
    model.eval()
    line = np.array(prompt)
    for _ in range(steps):
        best = model(line).data[:, -1].argmax(axis=-1)
        line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was_training)
    return line[:, prompt.shape[1]:]
