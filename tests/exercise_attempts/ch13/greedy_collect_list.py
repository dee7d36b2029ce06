# EXERCISE 13.greedy
# expect: correct
def greedy_decode(model, prompt, steps):
    mode = model.training
    model.eval()
    line = prompt.copy()
    written = []
    with mg.no_grad():
        for _ in range(steps):
            logits = model(line)
            token = np.argmax(logits.data[:, -1, :], axis=1)
            written.append(token)
            line = np.hstack([line, token.reshape(-1, 1)])
    model.train(mode)
    return np.stack(written, axis=1)
