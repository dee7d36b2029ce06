# EXERCISE 12.output_size
# expect: incorrect: refuses a kernel longer than size even when padding makes it fit
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size:
        raise ValueError("kernel too large")
    return (size + 2 * padding - kernel_size) // stride + 1
