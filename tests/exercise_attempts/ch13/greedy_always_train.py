# EXERCISE 13.greedy
# expect: incorrect: left in training mode
# Switches back to training mode at the end, whatever mode the model came in.
def greedy_decode(model, prompt, steps):
    model.eval()
    line = np.array(prompt)
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train()
    return line[:, prompt.shape[1]:]
