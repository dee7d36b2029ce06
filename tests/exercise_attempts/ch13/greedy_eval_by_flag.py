# EXERCISE 13.greedy
# expect: incorrect: a module inside it
# Switches to evaluation by setting the flag on the top module only.
def greedy_decode(model, prompt, steps):
    was = model.training
    model.training = False
    line = np.array(prompt, copy=True)
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, -steps:]
