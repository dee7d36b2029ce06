# EXERCISE 12.output_size
# expect: mistake: output_size_ceil
# Rounds to the nearest whole number: right where the stride divides evenly, and for 2.5
# steps (Python rounds to the even neighbour, 2), but 2.67 steps become 3: rounded up.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size + 2 * padding:
        raise ValueError("too big")
    return int(round((size + 2 * padding - kernel_size) / stride)) + 1
