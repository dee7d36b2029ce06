# EXERCISE 10.ladder_visits
# expect: incorrect: the sorted walk forgets x
def ladder_visits(k):
    return {"naive": 2 ** (k + 2) - 3, "sorted": 3 * k}
