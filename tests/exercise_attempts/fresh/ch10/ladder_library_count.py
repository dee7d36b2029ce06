# EXERCISE 10.ladder_visits
# expect: incorrect: the library's count_paths
def ladder_visits(k):
    x, top = df.diamond_ladder(k)
    return {"naive": df.count_paths(top), "sorted": len(top.nodes())}
