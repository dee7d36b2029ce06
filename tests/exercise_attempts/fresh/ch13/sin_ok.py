# EXERCISE 13.sinusoidal
# expect: correct
def sinusoidal_positions(T, E):
    t = np.arange(T)[:, None]
    freq = 1.0 / 10000 ** (np.arange(0, E, 2) / E)
    P = np.zeros((T, E))
    P[:, 0::2] = np.sin(t * freq)
    P[:, 1::2] = np.cos(t * freq)
    return P
