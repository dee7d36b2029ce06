# EXERCISE 10.ladder_visits
# expect: incorrect: builds the ladder and walks it (exponential)
def ladder_visits(k):
    x, top = df.diamond_ladder(k)
    return {"naive": top.backward(), "sorted": len(top.nodes())}
