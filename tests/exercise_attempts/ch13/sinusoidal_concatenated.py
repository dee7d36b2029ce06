# EXERCISE 13.sinusoidal
# expect: mistake: sinusoidal_halves
def sinusoidal_positions(T, E):
    t = np.arange(T)[:, None]
    angles = t / 10000 ** (np.arange(0, E, 2) / E)
    return np.hstack([np.sin(angles), np.cos(angles)])
