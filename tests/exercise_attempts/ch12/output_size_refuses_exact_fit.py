# EXERCISE 12.output_size
# expect: incorrect: ValueError
# Refuses a kernel exactly as long as the padded input, where it fits once.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    padded = size + 2 * padding
    if kernel_size >= padded:
        raise ValueError("the kernel does not fit")
    return (padded - kernel_size) // stride + 1
