# EXERCISE 12.output_size
# expect: mistake: output_size_one_side
def conv_output_size(size, kernel_size, stride=1, padding=0):
    padded = size + padding
    if kernel_size > padded:
        raise ValueError("too big")
    return (padded - kernel_size) // stride + 1
