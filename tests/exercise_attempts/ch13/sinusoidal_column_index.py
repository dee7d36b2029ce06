# EXERCISE 13.sinusoidal
# expect: mistake: sinusoidal_column_exponent
def sinusoidal_positions(T, E):
    P = np.zeros((T, E))
    for t in range(T):
        for j in range(E):
            angle = t / 10000 ** (j / E)
            P[t, j] = math.sin(angle) if j % 2 == 0 else math.cos(angle)
    return P
