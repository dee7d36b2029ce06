# EXERCISE 13.sinusoidal
# expect: mistake: sinusoidal_swapped
def sinusoidal_positions(T, E):
    t = np.arange(T)[:, None]
    angles = t / 10000 ** (np.arange(0, E, 2) / E)
    P = np.zeros((T, E))
    P[:, 0::2] = np.cos(angles)
    P[:, 1::2] = np.sin(angles)
    return P
