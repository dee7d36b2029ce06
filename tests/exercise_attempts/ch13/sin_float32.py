# EXERCISE 13.sinusoidal
# expect: incorrect: more than the rounding of float64 arithmetic explains
# From the blind attempts of issue 22 (fresh/ch13/sin_float32.py):
# float32 output.
def sinusoidal_positions(T, E):
    t = np.arange(T, dtype=np.float32)[:, None]
    freq = (1.0 / 10000 ** (np.arange(0, E, 2) / E)).astype(np.float32)
    P = np.zeros((T, E), dtype=np.float32)
    P[:, 0::2] = np.sin(t * freq)
    P[:, 1::2] = np.cos(t * freq)
    return P
