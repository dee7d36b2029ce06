# EXERCISE 12.output_size
# expect: incorrect: stride
# Forgets the stride: counts every stride-1 position.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size + 2 * padding:
        raise ValueError("the kernel does not fit")
    return size + 2 * padding - kernel_size + 1
