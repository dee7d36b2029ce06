# EXERCISE 13.greedy
# expect: incorrect: feeds only the last T0 tokens, not the whole line
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    T0 = prompt.shape[1]
    line = prompt.copy()
    with mg.no_grad():
        for _ in range(steps):
            best = model(line[:, -T0:]).data[:, -1].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, T0:]
