# EXERCISE 13.greedy
# expect: correct
# The argmax of the Tensor itself, and a try/finally that restores the mode whatever happens.
def greedy_decode(model, prompt, steps):
    was_training = model.training
    model.eval()
    try:
        line = np.array(prompt)
        with mg.no_grad():
            for _ in range(steps):
                nxt = model(line)[:, -1].argmax(dim=-1).data
                line = np.concatenate([line, nxt[:, None]], axis=1)
    finally:
        model.train(was_training)
    return line[:, -steps:]
