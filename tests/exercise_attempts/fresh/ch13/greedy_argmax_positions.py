# EXERCISE 13.greedy
# expect: incorrect: argmax over positions instead of over the vocabulary
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = prompt.copy()
    with mg.no_grad():
        for _ in range(steps):
            s = model(line).data
            best = s.max(axis=-1).argmax(axis=1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, prompt.shape[1]:]
