# EXERCISE 13.greedy
# expect: mistake: greedy_wrong_axis
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = np.array(prompt)
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(axis=0)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, prompt.shape[1]:]
