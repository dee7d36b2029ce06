# EXERCISE 13.greedy
# expect: mistake: greedy_first_position
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = np.array(prompt)
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, 0].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, prompt.shape[1]:]
