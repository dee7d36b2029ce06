# EXERCISE 02.count_visits
# What the handlers saw before count_visits was probed: add's to topological_order's at
# most, never count_visits' own.
signal.setitimer(signal.ITIMER_PROF, 0, 0)
gc.collect()
_note_everywhere()
print("hooks saw:", sorted(SEEN))


def count_visits(root):
    order = mg.topological_order(root)
    ways = {id(root): 1}
    total = 0
    for node in order:
        here = ways.get(id(node), 0)
        total += here
        for parent in node.parents:
            ways[id(parent)] = ways.get(id(parent), 0) + here
    return total
