# EXERCISE 13.greedy
# expect: incorrect: leaves the model in evaluation mode
def greedy_decode(model, prompt, steps):
    model.eval()
    line = prompt.copy()
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    return line[:, prompt.shape[1]:]
