# EXERCISE 13.greedy
# expect: incorrect: submodule
# (issue 22 escape) Puts the mode back by assigning model.training, which leaves every
# submodule (dropout inside) in evaluation mode.
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = prompt.copy()
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.training = was
    return line[:, prompt.shape[1]:]
