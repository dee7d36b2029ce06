# EXERCISE 10.ladder_visits
# expect: incorrect: the count overflowed
# From the blind attempts of issue 22 (fresh/ch10/ladder_int64.py):
# NumPy int64 overflows for tall ladders.
def ladder_visits(k):
    return {"naive": int(np.int64(2) ** np.int64(k + 2) - 3), "sorted": 3 * k + 1}
