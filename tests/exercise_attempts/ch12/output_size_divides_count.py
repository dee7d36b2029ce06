# EXERCISE 12.output_size
# expect: mistake: output_size_divides_the_count
# Counts the stride-1 positions, then divides them by the stride.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size + 2 * padding:
        raise ValueError("kernel too big")
    return (size + 2 * padding - kernel_size + 1) // stride
