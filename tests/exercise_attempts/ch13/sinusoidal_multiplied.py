# EXERCISE 13.sinusoidal
# expect: mistake: sinusoidal_times
def sinusoidal_positions(T, E):
    P = np.zeros((T, E))
    for i in range(0, E, 2):
        angle = np.arange(T) * 10000 ** (i / E)
        P[:, i] = np.sin(angle)
        P[:, i + 1] = np.cos(angle)
    return P
