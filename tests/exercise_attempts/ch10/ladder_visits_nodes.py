# EXERCISE 10.ladder_visits
# expect: incorrect: wrong
# Counts 2 ** k paths to x only.
def ladder_visits(k):
    return {"naive": 2 ** k, "sorted": 3 * k + 1}
