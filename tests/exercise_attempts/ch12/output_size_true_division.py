# EXERCISE 12.output_size
# expect: mistake: output_size_float
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size + 2 * padding:
        raise ValueError("too big")
    return (size - kernel_size + 2 * padding) / stride + 1
