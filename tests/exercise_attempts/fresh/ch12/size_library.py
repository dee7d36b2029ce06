# EXERCISE 12.output_size
# expect: incorrect: runs F.conv1d on zeros to read off the shape
def conv_output_size(size, kernel_size, stride=1, padding=0):
    if kernel_size > size + 2 * padding:
        raise ValueError("kernel too large")
    out = mg.nn.functional.conv1d(Tensor(np.zeros((1, 1, size))), Tensor(np.zeros((1, 1, kernel_size))),
                                  stride=stride, padding=padding)
    return int(out.shape[-1])
