# EXERCISE 12.output_size
# expect: incorrect: raised AssertionError: kernel too big, but it should raise ValueError
# Refuses a kernel that does not fit with assert: an AssertionError, not the ValueError
# the exercise asks for.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    assert kernel_size <= size + 2 * padding, "kernel too big"
    return (size + 2 * padding - kernel_size) // stride + 1
