# EXERCISE 13.greedy
# expect: correct
def greedy_decode(model, prompt, steps):
    mode = model.training
    written = []
    try:
        model.eval()
        with mg.no_grad():
            line = prompt
            for _ in range(steps):
                nxt = np.argmax(model(line).data[:, -1], axis=1).astype(prompt.dtype)
                written.append(nxt)
                line = np.hstack([line, nxt[:, None]])
    finally:
        model.train(mode)
    return np.stack(written, axis=1) if written else np.zeros((prompt.shape[0], 0), dtype=prompt.dtype)
