# EXERCISE 12.output_size
# expect: correct
# NumPy's floor division: a NumPy integer, not a Python int.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size + 2 * padding:
        raise ValueError("the kernel does not fit")
    return np.floor_divide(np.int64(size + 2 * padding - kernel_size), stride) + 1
