# EXERCISE 10.ladder_visits
# expect: mistake: ladder_visits_paths_to_x
# Counts 2 ** k paths to x only.
def ladder_visits(k):
    return {"naive": 2 ** k, "sorted": 3 * k + 1}
