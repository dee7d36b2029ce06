# EXERCISE 13.sinusoidal
# expect: correct
# The frequencies as exp(-2i·ln(10000)/E), as many codebases write them.
def sinusoidal_positions(T, E):
    position = np.arange(T, dtype=float).reshape(-1, 1)
    frequency = np.exp(np.arange(0, E, 2) * (-math.log(10000.0) / E))
    table = np.empty((T, E))
    table[:, ::2] = np.sin(position * frequency)
    table[:, 1::2] = np.cos(position * frequency)
    return table
