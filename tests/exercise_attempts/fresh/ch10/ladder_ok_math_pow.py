# EXERCISE 10.ladder_visits
# expect: correct
import math


def ladder_visits(k):
    return {"naive": int(math.pow(2, k + 2)) - 3, "sorted": 3 * k + 1}
