# EXERCISE 10.ladder_visits
# expect: correct
# A recurrence remembered in a dict across calls (a cache keyed by k).
MEMO = {0: (1, 1)}          # k -> (naive visits, paths to the bottom node)


def ladder_visits(k):
    for j in range(1, k + 1):
        if j not in MEMO:
            naive, paths = MEMO[j - 1]
            MEMO[j] = (naive + 4 * paths, 2 * paths)
    return {"naive": MEMO[k][0], "sorted": 3 * k + 1}
