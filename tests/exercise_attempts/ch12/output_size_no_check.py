# EXERCISE 12.output_size
# expect: incorrect: should raise ValueError
def conv_output_size(size, kernel_size, stride=1, padding=0):
    return (size + 2 * padding - kernel_size) // stride + 1
