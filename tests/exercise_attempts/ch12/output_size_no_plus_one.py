# EXERCISE 12.output_size
# expect: mistake: output_size_no_plus_one
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size + 2 * padding:
        raise ValueError("too big")
    return (size + 2 * padding - kernel_size) // stride
