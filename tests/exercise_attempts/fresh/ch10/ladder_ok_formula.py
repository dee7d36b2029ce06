# EXERCISE 10.ladder_visits
# expect: correct
def ladder_visits(k):
    return {"naive": 2 ** (k + 2) - 3, "sorted": 3 * k + 1}
