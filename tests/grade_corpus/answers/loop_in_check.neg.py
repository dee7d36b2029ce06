# EXERCISE 02.neg
def neg(a):
    while True:          # never returns: only the grader's time limit stops it
        pass
