# EXERCISE 10.ladder_visits
# expect: shortcut
def ladder_visits(k):
    x, top = df.diamond_ladder(k)
    return {"naive": df.count_paths(top), "sorted": top.backward(method="topological")}
