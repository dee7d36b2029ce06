# EXERCISE 13.sinusoidal
# expect: incorrect: column j uses 10000^(j/E): a cosine's angle differs from its sine's
def sinusoidal_positions(T, E):
    t = np.arange(T)[:, None]
    j = np.arange(E)[None, :]
    ang = t / 10000 ** (j / E)
    return np.where(j % 2 == 0, np.sin(ang), np.cos(ang))
