# EXERCISE 10.ladder_visits
# expect: correct
def ladder_visits(k):
    naive, paths = 0, 1
    for _ in range(k):
        naive += paths          # the sum node of this rung
        naive += 2 * paths      # its two halves, each reached along every path to the sum
        paths *= 2              # the node below is reached through both halves
    naive += paths              # x at the bottom
    return {"naive": naive, "sorted": 1 + 3 * k}
