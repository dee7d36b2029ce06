# EXERCISE 13.greedy
# expect: correct
# Keeps the tokens in Python lists and rebuilds the array for every call.
def greedy_decode(model, prompt, steps):
    mode = model.training
    model.eval()
    rows = [list(row) for row in prompt]
    with mg.no_grad():
        for _ in range(steps):
            logits = model(np.array(rows, dtype=np.int64))
            for row, token in zip(rows, logits.data[:, -1, :].argmax(axis=1)):
                row.append(int(token))
    model.train(mode)
    return np.array([row[len(prompt[0]):] for row in rows], dtype=np.int64)
