# EXERCISE 13.greedy
# expect: mistake: greedy_includes_prompt
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = np.array(prompt)
    with mg.no_grad():
        for _ in range(steps):
            best = model(line).data[:, -1].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line
