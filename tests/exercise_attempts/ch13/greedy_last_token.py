# EXERCISE 13.greedy
# expect: mistake: greedy_last_token_only
# Feeds the model only the newest token, as if it remembered the rest.
def greedy_decode(model, prompt, steps):
    was = model.training
    model.eval()
    line = np.array(prompt)
    with mg.no_grad():
        for _ in range(steps):
            best = model(line[:, -1:]).data[:, -1].argmax(axis=-1)
            line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    return line[:, prompt.shape[1]:]
