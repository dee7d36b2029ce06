# EXERCISE 12.output_size
# expect: shortcut
# Reads the size off the library's convolution run on zeros.
def conv_output_size(size, kernel_size, stride=1, padding=0):
    x = mg.zeros(1, 1, size, 1)
    w = mg.zeros(1, 1, kernel_size, 1)
    return mg.nn.functional.conv2d(x, w, stride=(stride, 1), padding=(padding, 0)).shape[2]
