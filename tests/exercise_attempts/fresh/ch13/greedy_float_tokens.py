# EXERCISE 13.greedy
# expect: incorrect: writes the tokens into a float array
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    out = np.zeros((prompt.shape[0], steps))
    line = prompt.copy()
    with mg.no_grad():
        for s in range(steps):
            best = model(line).data[:, -1].argmax(axis=-1)
            out[:, s] = best
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return out
