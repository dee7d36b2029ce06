# EXERCISE 10.ladder_visits
# expect: incorrect: counts only the sum nodes and x, forgetting the halves
def ladder_visits(k):
    return {"naive": 2 ** (k + 1) - 1, "sorted": 3 * k + 1}
