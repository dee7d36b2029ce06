# EXERCISE 12.output_size
# expect: incorrect: never raises; a kernel that does not fit gives 0 or less
def conv_output_size(size, kernel_size, stride=1, padding=0):
    return (size + 2 * padding - kernel_size) // stride + 1
