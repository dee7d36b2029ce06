# EXERCISE 12.output_size
# expect: correct
# NumPy's floor of a true division, as an int: correct (an integer, the right value).
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size + 2 * padding:
        raise ValueError("kernel too big")
    return np.floor((size + 2 * padding - kernel_size) / stride).astype(int) + 1
