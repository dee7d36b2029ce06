# EXERCISE 12.output_size
# expect: correct
def conv_output_size(size, kernel_size, stride=1, padding=0):
    padded = size + padding * 2
    starts = list(range(0, padded - kernel_size + 1, stride))
    if not starts:
        raise ValueError("the kernel is longer than the padded input")
    return len(starts)
