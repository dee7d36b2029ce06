# EXERCISE 13.greedy
# expect: mistake: greedy_no_append
# Asks the model about the prompt every time and never shows it what was written.
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    out = []
    with mg.no_grad():
        for _ in range(steps):
            out.append(model(prompt).data[:, -1].argmax(axis=-1))
    model.train(was)
    return np.stack(out, axis=1)
