# EXERCISE 13.greedy
# expect: incorrect: reads the scores at the first position
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = prompt.copy()
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, 0].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, prompt.shape[1]:]
