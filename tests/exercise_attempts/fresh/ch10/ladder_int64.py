# EXERCISE 10.ladder_visits
# expect: incorrect: NumPy int64 overflows for tall ladders
def ladder_visits(k):
    return {"naive": int(np.int64(2) ** np.int64(k + 2) - 3), "sorted": 3 * k + 1}
