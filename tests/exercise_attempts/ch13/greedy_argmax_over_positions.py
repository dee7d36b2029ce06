# EXERCISE 13.greedy
# expect: incorrect: the tokens written
# Takes the argmax over the positions of the line (axis 1) and keeps its last column.
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = prompt.copy()
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data.argmax(axis=1)[:, -1]
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, prompt.shape[1]:]
