"""Chapter 8's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch08_classifier.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from minigrad.autograd import record


def softmax_reference(logits):
    shifted = logits - logits.data.max(axis=1, keepdims=True)
    e = shifted.exp()
    return e / e.sum(dim=1, keepdims=True)


def softmax_naive(logits):
    e = logits.exp()
    return e / e.sum(dim=1, keepdims=True)


def softmax_global_max(logits):
    e = (logits - logits.data.max()).exp()
    return e / e.sum(dim=1, keepdims=True)


def softmax_columns(logits):
    e = (logits - logits.data.max(axis=0, keepdims=True)).exp()
    return e / e.sum(dim=0, keepdims=True)


def _log_softmax(logits):
    shifted = logits - logits.data.max(axis=1, keepdims=True)
    return shifted - shifted.exp().sum(dim=1, keepdims=True).log()


def cross_entropy_sum(logits, target):
    n = logits.shape[0]
    return -_log_softmax(logits)[np.arange(n), target].sum()


def cross_entropy_columns(logits, target):
    return -_log_softmax(logits)[:, target].mean()


def cross_entropy_logits_as_probabilities(logits, target):
    n = logits.shape[0]
    return -logits[np.arange(n), target].log().mean()


def cross_entropy_log_of_softmax(logits, target):
    n = logits.shape[0]
    return -softmax_reference(logits).log()[np.arange(n), target].mean()


def cross_entropy_naive(logits, target):
    n = logits.shape[0]
    return -softmax_naive(logits).log()[np.arange(n), target].mean()


def accuracy_wrong_axis(logits, target):
    return float((logits.data.argmax(axis=0) == np.asarray(target)).mean())


def accuracy_count(logits, target):
    return int((logits.data.argmax(axis=1) == np.asarray(target)).sum())


def accuracy_max(logits, target):
    return float((logits.data.max(axis=1) == np.asarray(target)).mean())


def confusion_reference(true, predicted, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (np.asarray(true), np.asarray(predicted)), 1)
    return matrix


def confusion_swapped(true, predicted, num_classes):
    return confusion_reference(predicted, true, num_classes)


def confusion_fancy_increment(true, predicted, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    matrix[np.asarray(true), np.asarray(predicted)] += 1
    return matrix


def confusion_sized_by_data(true, predicted, num_classes):
    k = int(max(np.max(true), np.max(predicted))) + 1
    return confusion_reference(true, predicted, k)


def _fused(scale_by_n=True, use_g=True, subtract_one_hot=True):
    def answer(logits, target):
        n = logits.shape[0]
        shifted = logits.data - logits.data.max(axis=1, keepdims=True)
        logp = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        rows = np.arange(n)

        def backward(g):
            grad = np.exp(logp)
            if subtract_one_hot:
                grad[rows, target] -= 1.0
            if scale_by_n:
                grad = grad / n
            return ((g * grad) if use_g else grad,)

        return record(np.asarray(-logp[rows, target].mean()), (logits,), backward,
                      "cross_entropy")
    return answer


MISTAKES = {
    "08.softmax": {
        "softmax_naive": softmax_naive,
        "softmax_global_max": softmax_global_max,
        "softmax_columns": softmax_columns,
    },
    "08.cross_entropy": {
        "cross_entropy_sum": cross_entropy_sum,
        "cross_entropy_columns": cross_entropy_columns,
        "cross_entropy_logits_as_probabilities": cross_entropy_logits_as_probabilities,
        "cross_entropy_log_of_softmax": cross_entropy_log_of_softmax,
        "cross_entropy_naive": cross_entropy_naive,
    },
    "08.accuracy": {
        "accuracy_wrong_axis": accuracy_wrong_axis,
        "accuracy_count": accuracy_count,
        "accuracy_max": accuracy_max,
    },
    "08.confusion_matrix": {
        "confusion_swapped": confusion_swapped,
        "confusion_fancy_increment": confusion_fancy_increment,
        "confusion_sized_by_data": confusion_sized_by_data,
    },
    "08.cross_entropy_op": {
        "fused_no_mean": _fused(scale_by_n=False),
        "fused_ignores_upstream": _fused(use_g=False),
        "fused_no_one_hot": _fused(subtract_one_hot=False),
    },
}
