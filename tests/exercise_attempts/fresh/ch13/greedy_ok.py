# EXERCISE 13.greedy
# expect: correct
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = np.array(prompt, copy=True)
    with mg.no_grad():
        for _ in range(steps):
            scores = model(line)
            best = scores.data[:, -1, :].argmax(axis=-1)
            line = np.concatenate([line, best[:, None].astype(line.dtype)], axis=1)
    model.train(was)
    return line[:, prompt.shape[1]:]
