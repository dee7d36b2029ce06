# EXERCISE 12.output_size
# expect: incorrect: pads one side only
def conv_output_size(size, kernel_size, stride=1, padding=0):
    span = size + padding - kernel_size
    if span < 0:
        raise ValueError("kernel too large")
    return span // stride + 1
