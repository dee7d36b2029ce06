# EXERCISE 10.ladder_visits
# expect: incorrect: takes the ladder's paths one by one
# Builds the ladder and walks every path.
def ladder_visits(k):
    x, top = df.diamond_ladder(k)
    naive, stack = 0, [top]
    while stack:
        node = stack.pop()
        naive += 1
        stack.extend(p for p, _ in node.parents)
    return {"naive": naive, "sorted": len(top.nodes())}
