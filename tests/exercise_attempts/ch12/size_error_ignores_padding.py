# EXERCISE 12.output_size
# expect: incorrect: fit once the padding is added
# From the blind attempts of issue 22 (fresh/ch12/size_error_ignores_padding.py):
# refuses a kernel longer than size even when padding makes it fit.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size:
        raise ValueError("kernel too large")
    return (size + 2 * padding - kernel_size) // stride + 1
