# EXERCISE 13.greedy
# expect: incorrect: default argument
# The list of written tokens is a default argument: it keeps growing from call to call.
def greedy_decode(model, prompt, steps, written=[]):
    was = model.training
    model.eval()
    line = np.array(prompt)
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(axis=-1)
            written.append(best)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return np.stack(written[-steps:], axis=1)
