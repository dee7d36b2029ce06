# EXERCISE 12.output_size
# expect: incorrect: true division gives a float (and a fraction for uneven strides)
def conv_output_size(size, kernel_size, stride=1, padding=0):
    span = size + 2 * padding - kernel_size
    if span < 0:
        raise ValueError("kernel too large")
    return span / stride + 1
