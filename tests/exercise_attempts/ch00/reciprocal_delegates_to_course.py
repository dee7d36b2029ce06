# EXERCISE 00.reciprocal
# expect: shortcut
from classroom.designs import static_graph


class Reciprocal:
    def forward(self, inputs):
        return static_graph.Reciprocal().forward(inputs)

    def backprop(self, inputs, state, grad):
        return static_graph.Reciprocal().backprop(inputs, state, grad)
