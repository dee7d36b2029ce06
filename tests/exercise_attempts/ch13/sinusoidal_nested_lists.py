# EXERCISE 13.sinusoidal
# expect: incorrect: NumPy array
def sinusoidal_positions(T, E):
    rows = []
    for t in range(T):
        row = []
        for i in range(0, E, 2):
            angle = t / 10000 ** (i / E)
            row += [math.sin(angle), math.cos(angle)]
        rows.append(row)
    return rows
