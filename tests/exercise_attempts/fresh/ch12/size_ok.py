# EXERCISE 12.output_size
# expect: correct
def conv_output_size(size, kernel_size, stride=1, padding=0):
    span = size + 2 * padding - kernel_size
    if span < 0:
        raise ValueError(f"kernel {kernel_size} does not fit in {size} values padded by {padding}")
    return span // stride + 1
