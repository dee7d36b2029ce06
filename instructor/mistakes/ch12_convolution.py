"""Chapter 12's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch12_convolution.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from minigrad.autograd import record


# -- 12.output_size -------------------------------------------------------------------------
def _size(formula):
    def answer(size, kernel_size, stride=1, padding=0):
        if kernel_size > size + 2 * padding:
            raise ValueError("the kernel does not fit")
        return formula(size, kernel_size, stride, padding)
    return answer


def _ceil_div(a, b):
    return -(-a // b)


# -- 12.conv2d_loops ------------------------------------------------------------------------
def _loops(flip=False, bias=True, one_short=False, one_channel=False, bias_in_sum=False):
    def answer(x, weight, b):
        N, C, H, W = x.shape
        O, _, kh, kw = weight.shape
        w = weight[:, :, ::-1, ::-1] if flip else weight
        Ho, Wo = H - kh + 1 - one_short, W - kw + 1 - one_short
        out = np.zeros((N, O, Ho, Wo))
        channels = slice(0, 1) if one_channel else slice(None)
        for n in range(N):
            for o in range(O):
                for i in range(Ho):
                    for j in range(Wo):
                        patch = x[n, channels, i:i + kh, j:j + kw]
                        if bias_in_sum:
                            out[n, o, i, j] = np.sum(patch * w[o, channels] + b[o])
                            continue
                        out[n, o, i, j] = np.sum(patch * w[o, channels]) + (b[o] if bias else 0)
        return out
    return answer


# -- 12.im2col ------------------------------------------------------------------------------
def _im2col(transposed=False, column_major=False, channels_last=False, stride_used=True,
            kernel_column_major=False, stride_in_count_only=False):
    def answer(x, kh, kw, stride=1):
        s = stride if stride_used else 1
        N, C, H, W = x.shape
        Ho, Wo = (H - kh) // s + 1, (W - kw) // s + 1
        step = 1 if stride_in_count_only else s
        cols = np.empty((N, C, kh, kw, Ho, Wo))
        for p in range(kh):
            for q in range(kw):
                cols[:, :, p, q] = x[:, :, p:p + step * Ho:step, q:q + step * Wo:step]
        if kernel_column_major:
            cols = cols.swapaxes(2, 3)
        if channels_last:
            cols = cols.transpose(0, 2, 3, 1, 4, 5)
        if column_major:
            cols = cols.swapaxes(-1, -2)
        cols = cols.reshape(N, C * kh * kw, Ho * Wo)
        return cols.swapaxes(1, 2).copy() if transposed else cols
    return answer


# -- 12.conv_weight_grad --------------------------------------------------------------------
def _weight_grad(flip=False, swap=False, mean=False, last_only=False):
    def answer(x, grad_out):
        N, C, H, W = x.shape
        _, O, Ho, Wo = grad_out.shape
        kh, kw = H - Ho + 1, W - Wo + 1
        gw = np.zeros((O, C, kh, kw))
        for n in range(N):
            one = np.zeros((O, C, kh, kw))
            for p in range(kh):
                for q in range(kw):
                    one[:, :, p, q] = np.einsum("oij,cij->oc", grad_out[n],
                                                x[n, :, p:p + Ho, q:q + Wo])
            gw = one if last_only else gw + one
        if flip:
            gw = gw[:, :, ::-1, ::-1].copy()
        if mean:
            gw = gw / N
        return gw.transpose(1, 0, 2, 3).copy() if swap else gw
    return answer


# -- 12.max_pool ----------------------------------------------------------------------------
def _max_pool(spread=False, use_g=True, all_ties=False, overlapping=False):
    def answer(x, k):
        X = x.data
        N, C, H, W = X.shape
        if overlapping:                        # stride 1: every k×k window
            from numpy.lib.stride_tricks import sliding_window_view
            windows = sliding_window_view(X, (k, k), axis=(2, 3))
            out = windows.max(axis=(-2, -1))

            def backward_overlapping(g):
                grad = np.zeros_like(X)
                for i in range(out.shape[2]):
                    for j in range(out.shape[3]):
                        patch = X[:, :, i:i + k, j:j + k].reshape(N, C, -1)
                        flat = patch.argmax(axis=-1)
                        for n in range(N):
                            for c in range(C):
                                p, q = divmod(int(flat[n, c]), k)
                                grad[n, c, i + p, j + q] += g[n, c, i, j]
                return (grad,)
            return record(np.ascontiguousarray(out), (x,), backward_overlapping, "max_pool2d")
        Ho, Wo = H // k, W // k
        windows = X[:, :, :Ho * k, :Wo * k].reshape(N, C, Ho, k, Wo, k)
        windows = windows.transpose(0, 1, 2, 4, 3, 5).reshape(N, C, Ho, Wo, k * k)
        out = windows.max(axis=-1)
        first = windows.argmax(axis=-1)

        def backward(g):
            g = np.asarray(g, dtype=float) * np.ones_like(out)
            if spread:
                share = np.repeat((g if use_g else np.ones_like(g))[..., None] / (k * k),
                                  k * k, axis=-1)
            else:
                if all_ties:
                    mask = (windows == out[..., None]).astype(float)
                else:
                    mask = np.zeros_like(windows)
                    np.put_along_axis(mask, first[..., None], 1.0, axis=-1)
                share = mask * (g[..., None] if use_g else 1.0)
            grad = share.reshape(N, C, Ho, Wo, k, k).transpose(0, 1, 2, 4, 3, 5)
            full = np.zeros_like(X)
            full[:, :, :Ho * k, :Wo * k] = grad.reshape(N, C, Ho * k, Wo * k)
            return (full,)

        return record(out, (x,), backward, "max_pool2d")
    return answer


def conv_loops_input_dtype(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    out = np.zeros((N, O, H - kh + 1, W - kw + 1), dtype=x.dtype)   # an int image: ints
    for n in range(N):
        for o in range(O):
            for i in range(H - kh + 1):
                for j in range(W - kw + 1):
                    out[n, o, i, j] = np.sum(x[n, :, i:i + kh, j:j + kw] * weight[o]) + bias[o]
    return out


MISTAKES = {
    "12.output_size": {
        "output_size_no_plus_one": _size(lambda n, k, s, p: (n + 2 * p - k) // s),
        "output_size_one_side": _size(lambda n, k, s, p: (n + p - k) // s + 1),
        "output_size_float": _size(lambda n, k, s, p: (n + 2 * p - k) / s + 1),
        "output_size_ceil": _size(lambda n, k, s, p: _ceil_div(n + 2 * p - k, s) + 1),
        "output_size_divides_the_count": _size(lambda n, k, s, p: (n + 2 * p - k + 1) // s),
    },
    "12.conv2d_loops": {
        "conv_loops_flipped": _loops(flip=True),
        "conv_loops_no_bias": _loops(bias=False),
        "conv_loops_one_short": _loops(one_short=True),
        "conv_loops_one_channel": _loops(one_channel=True),
        "conv_loops_bias_in_sum": _loops(bias_in_sum=True),
        "conv_loops_input_dtype": conv_loops_input_dtype,
    },
    "12.im2col": {
        "im2col_transposed": _im2col(transposed=True),
        "im2col_positions_column_major": _im2col(column_major=True),
        "im2col_channels_last": _im2col(channels_last=True),
        "im2col_ignores_stride": _im2col(stride_used=False),
        "im2col_kernel_column_major": _im2col(kernel_column_major=True),
        "im2col_stride_in_count_only": _im2col(stride_in_count_only=True),
    },
    "12.conv_weight_grad": {
        "weight_grad_flipped": _weight_grad(flip=True),
        "weight_grad_channels_swapped": _weight_grad(swap=True),
        "weight_grad_batch_mean": _weight_grad(mean=True),
        "weight_grad_last_image": _weight_grad(last_only=True),
    },
    "12.max_pool": {
        "max_pool_spread_evenly": _max_pool(spread=True),
        "max_pool_ignores_g": _max_pool(use_g=False),
        "max_pool_all_ties": _max_pool(all_ties=True),
        "max_pool_overlapping": _max_pool(overlapping=True),
    },
}
