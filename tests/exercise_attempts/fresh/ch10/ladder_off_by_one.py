# EXERCISE 10.ladder_visits
# expect: incorrect: 2**(k+2) - 2
def ladder_visits(k):
    return {"naive": 2 ** (k + 2) - 2, "sorted": 3 * k + 1}
