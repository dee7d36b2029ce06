# EXERCISE 13.scores
# expect: incorrect: what float32 (about 7 digits) leaves behind
# From the blind attempts of issue 22 (fresh/ch13/scores_float_scale_data.py):
# computes the scores in float32.
def attention_scores(q, k):
    s = q @ k.transpose(-2, -1)
    return s * Tensor(np.float32(1 / math.sqrt(q.shape[-1])))
