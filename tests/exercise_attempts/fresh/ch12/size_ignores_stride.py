# EXERCISE 12.output_size
# expect: incorrect: ignores the stride
def conv_output_size(size, kernel_size, stride=1, padding=0):
    span = size + 2 * padding - kernel_size
    if span < 0:
        raise ValueError("kernel too large")
    return span + 1
