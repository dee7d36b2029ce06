# EXERCISE 13.sinusoidal
# expect: correct
# Works in float32, as a model's embeddings would be (close enough to float64 here).
def sinusoidal_positions(T, E):
    P = np.empty((T, E), dtype=np.float32)
    for i in range(E // 2):
        angle = np.arange(T) / 10000 ** (2 * i / E)
        P[:, 2 * i] = np.sin(angle)
        P[:, 2 * i + 1] = np.cos(angle)
    return P
