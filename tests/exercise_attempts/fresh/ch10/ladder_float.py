# EXERCISE 10.ladder_visits
# expect: incorrect: float arithmetic (inexact for tall ladders, and not an int)
def ladder_visits(k):
    return {"naive": 2.0 ** (k + 2) - 3, "sorted": 3 * k + 1}
