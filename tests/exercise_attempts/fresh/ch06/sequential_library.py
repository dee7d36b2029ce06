# EXERCISE 06.sequential
# expect: incorrect: mg.nn.Sequential
Sequential = mg.nn.Sequential
