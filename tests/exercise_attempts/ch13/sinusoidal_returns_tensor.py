# EXERCISE 13.sinusoidal
# expect: incorrect: NumPy array
# (issue 22 escape) Right numbers, but a Tensor where the text asks for a NumPy array.
def sinusoidal_positions(T, E):
    t = np.arange(T)[:, None]
    angles = t / 10000.0 ** (np.arange(0, E, 2) / E)
    P = np.zeros((T, E))
    P[:, 0::2] = np.sin(angles)
    P[:, 1::2] = np.cos(angles)
    return Tensor(P)
