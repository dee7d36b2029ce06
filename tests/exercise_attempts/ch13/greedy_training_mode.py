# EXERCISE 13.greedy
# expect: incorrect: training mode
def greedy_decode(model, prompt, steps):
    line = np.array(prompt)
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    return line[:, prompt.shape[1]:]
