# EXERCISE 12.output_size
# expect: correct
import math


def conv_output_size(size, kernel_size, stride=1, padding=0):
    room = size + 2 * padding - kernel_size
    if room < 0:
        raise ValueError(f"kernel {kernel_size} is larger than the padded input")
    return int(math.floor(room / stride)) + 1
