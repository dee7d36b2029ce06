# EXERCISE 10.ladder_visits
# expect: incorrect: int
# 2.0 ** ... makes floats, and floats cannot hold the tall ladder's count exactly.
def ladder_visits(k):
    return {"naive": 2.0 ** (k + 2) - 3, "sorted": 3 * k + 1}
