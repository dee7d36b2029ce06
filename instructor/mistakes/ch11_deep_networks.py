"""Chapter 11's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch11_deep_networks.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import math

import numpy as np

from minigrad import nn
from minigrad.autograd import record
from minigrad.tensor import Tensor

_GAINS = {"relu": math.sqrt(2.0), "tanh": 5.0 / 3.0, "linear": 1.0}


def _kaiming(fan="in", gain=None, square_root=True):
    def kaiming_std(layer, nonlinearity="relu"):
        if nonlinearity not in _GAINS:
            raise ValueError(f"unsupported nonlinearity {nonlinearity!r}")
        g = _GAINS[nonlinearity] if gain is None else gain(nonlinearity)
        n = layer.in_features if fan == "in" else layer.out_features
        variance = g * g / n
        return math.sqrt(variance) if square_root else variance
    return kaiming_std


def _layer_norms(which="weight", of="grad", root=True, walk="modules", keep="linear"):
    def layer_grad_norms(model):
        modules = model.modules() if walk == "modules" else model.children()
        norms = []
        if keep == "every weight":
            for name, p in model.named_parameters():
                if name.endswith("weight"):
                    norms.append(0.0 if p.grad is None else float(np.sqrt((p.grad.data ** 2).sum())))
            return norms
        for module in modules:
            if not isinstance(module, nn.Linear):
                continue
            tensors = [module.weight] + ([module.bias] if which == "both" else [])
            total = 0.0
            for t in tensors:
                values = t.data if of == "data" else (None if t.grad is None else t.grad.data)
                if values is not None:
                    total += float((values ** 2).sum())
            norms.append(math.sqrt(total) if root else total)
        return norms
    return layer_grad_norms


def _block(skip=True, zero=True, relu_after=False, detach=False, relu=True):
    class ResidualBlock(nn.Module):
        def __init__(self, width):
            super().__init__()
            self.linear1 = nn.Linear(width, width)
            self.linear2 = nn.Linear(width, width)
            if zero:
                nn.init.zeros_(self.linear2.weight)
                nn.init.zeros_(self.linear2.bias)

        def forward(self, x):
            h = self.linear1(x)
            branch = self.linear2(h.relu() if relu and not relu_after else h)
            if not skip:
                return branch
            total = (Tensor(x.data) if detach else x) + branch
            return total.relu() if relu_after else total
    return ResidualBlock


def _clip(per_tensor=False, values=False, always=False, return_after=False, root=True,
          listed=True, epsilon=0.0):
    def clip_grad_norm(parameters, max_norm):
        params = [p for p in parameters if p.grad is not None] if listed else parameters
        grads = [p.grad for p in params if p.grad is not None] if listed else None
        if not listed:                       # walks the generator twice
            squares = sum(float((p.grad.data ** 2).sum()) for p in params if p.grad is not None)
            total = math.sqrt(squares)
            if total > max_norm:
                for p in params:
                    if p.grad is not None:
                        p.grad.data *= max_norm / total
            return total
        squares = sum(float((g.data ** 2).sum()) for g in grads)
        total = math.sqrt(squares) if root else squares
        if values:
            for g in grads:
                np.clip(g.data, -max_norm, max_norm, out=g.data)
            return total
        if per_tensor:
            for g in grads:
                own = math.sqrt(float((g.data ** 2).sum()))
                if own > max_norm:
                    g.data *= max_norm / own
            return total
        if always or total > max_norm:
            for g in grads:
                g.data *= max_norm / (total + epsilon)
        return min(total, max_norm) if return_after else total
    return clip_grad_norm


def _schedule(from_zero=False, clock_from_zero=False, half=True, clamp=True, use_min=True):
    def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
        if step < warmup_steps:
            return base_lr * (step if from_zero else step + 1) / warmup_steps
        if clamp and step >= total_steps:
            return float(min_lr)
        t = step if clock_from_zero else step - warmup_steps
        T = total_steps if clock_from_zero else total_steps - warmup_steps
        c = math.cos(math.pi * t / T)
        shape = (1 + c) / 2 if half else c
        return (min_lr + (base_lr - min_lr) * shape) if use_min else (min_lr + base_lr * shape)
    return warmup_cosine


def _layer_norm(axis=1, ddof=0, eps_inside=True, project=True, use_weight=True, divide=True,
                own_eps=None):
    def layer_norm(x, weight, bias, eps=1e-5):
        eps = eps if own_eps is None else own_eps
        X, G = x.data, weight.data
        mean = X.mean(axis=axis, keepdims=True)
        var = X.var(axis=axis, keepdims=True, ddof=ddof)
        s = np.sqrt(var + eps) if eps_inside else np.sqrt(var) + eps
        x_hat = (X - mean) / s

        def backward(g):
            g_hat = g * G if use_weight else g
            dx = g_hat - g_hat.mean(axis=axis, keepdims=True)
            if project:
                dx = dx - x_hat * (g_hat * x_hat).mean(axis=axis, keepdims=True)
            if divide:
                dx = dx / s
            return dx, (g * x_hat).sum(axis=0), g.sum(axis=0)

        return record(G * x_hat + bias.data, (x, weight, bias), backward, "layer_norm")
    return layer_norm


MISTAKES = {
    "11.kaiming_std": {
        "kaiming_fan_out": _kaiming(fan="out"),
        "kaiming_no_gain": _kaiming(gain=lambda name: 1.0),
        "kaiming_variance": _kaiming(square_root=False),
        "kaiming_gain_two": _kaiming(gain=lambda name: {"relu": 2.0, "tanh": 5.0 / 3.0,
                                                        "linear": 1.0}[name]),
        "kaiming_relu_gain_everywhere": _kaiming(gain=lambda name: math.sqrt(2.0)),
    },
    "11.layer_grad_norms": {
        "norms_with_bias": _layer_norms(which="both"),
        "norms_of_weights": _layer_norms(of="data"),
        "norms_squared": _layer_norms(root=False),
        "norms_top_level": _layer_norms(walk="children"),
        "norms_every_weight": _layer_norms(keep="every weight"),
    },
    "11.residual_block": {
        "residual_no_skip": _block(skip=False),
        "residual_not_zeroed": _block(zero=False),
        "residual_relu_after_sum": _block(relu_after=True),
        "residual_detached_skip": _block(detach=True),
        "residual_no_relu": _block(relu=False),
    },
    "11.clip_grad_norm": {
        "clip_each_tensor": _clip(per_tensor=True),
        "clip_values": _clip(values=True),
        "clip_always": _clip(always=True),
        "clip_returns_clipped": _clip(return_after=True),
        "clip_no_sqrt": _clip(root=False),
        "clip_generator_used_up": _clip(listed=False),
        "clip_epsilon": _clip(epsilon=1e-6),
    },
    "11.warmup_cosine": {
        "warmup_from_zero": _schedule(from_zero=True),
        "cosine_clock_from_zero": _schedule(clock_from_zero=True),
        "cosine_without_half": _schedule(half=False),
        "cosine_not_clamped": _schedule(clamp=False),
        "cosine_ignores_min_lr": _schedule(use_min=False),
    },
    "11.layer_norm": {
        "ln_over_batch": _layer_norm(axis=0),
        "ln_unbiased_variance": _layer_norm(ddof=1),
        "ln_eps_outside_sqrt": _layer_norm(eps_inside=False),
        "ln_backward_missing_projection": _layer_norm(project=False),
        "ln_backward_ignores_weight": _layer_norm(use_weight=False),
        "ln_backward_no_division": _layer_norm(divide=False),
        "ln_ignores_eps": _layer_norm(own_eps=1e-5),
    },
}
