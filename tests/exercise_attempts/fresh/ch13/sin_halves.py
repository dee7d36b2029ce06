# EXERCISE 13.sinusoidal
# expect: incorrect: all sines first, then all cosines
def sinusoidal_positions(T, E):
    t = np.arange(T)[:, None]
    ang = t / 10000 ** (np.arange(0, E, 2) / E)
    return np.concatenate([np.sin(ang), np.cos(ang)], axis=1)
