# EXERCISE 13.greedy
# expect: incorrect: switches back to training mode whatever the mode was
def greedy_decode(model, prompt, steps):
    model.eval()
    line = prompt.copy()
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train()
    return line[:, prompt.shape[1]:]
