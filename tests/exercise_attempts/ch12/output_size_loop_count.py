# EXERCISE 12.output_size
# expect: correct
# Counts the window's starts one by one instead of using the formula.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    padded = size + 2 * padding
    starts = list(range(0, padded - kernel_size + 1, stride))
    if not starts:
        raise ValueError("kernel does not fit")
    return len(starts)
