# EXERCISE 13.sinusoidal
# expect: correct
def sinusoidal_positions(T, E):
    P = np.empty((T, E), dtype=float)
    for t in range(T):
        for i in range(E // 2):
            angle = t / math.pow(10000, 2 * i / E)
            P[t, 2 * i] = math.sin(angle)
            P[t, 2 * i + 1] = math.cos(angle)
    return P
