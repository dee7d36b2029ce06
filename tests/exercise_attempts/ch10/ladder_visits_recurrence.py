# EXERCISE 10.ladder_visits
# expect: correct
# Paths counted rung by rung: the top has 1, each half inherits the sum above it, and
# the node below a rung is reached through both halves.
def ladder_visits(k):
    naive, paths_to_h = 1, 1
    for _ in range(k):
        halves = 2 * paths_to_h
        paths_to_h = halves
        naive += halves + paths_to_h
    return {"naive": int(naive), "sorted": int(3 * k + 1)}
