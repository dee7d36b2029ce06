# EXERCISE 05.manual_grads
# expect: incorrect: float
# Returns the loss as a 0-d array.
def manual_grads(X, y, W1, b1, W2, b2):
    Z = X @ W1 + b1
    H = 1 / (1 + np.exp(-Z))
    P = H @ W2 + b2
    dP = 2 * (P - y) / P.size
    dZ = (dP @ W2.T) * H * (1 - H)
    return {"loss": np.array(np.mean((P - y) ** 2)), "W1": X.T @ dZ,
            "b1": dZ.sum(0), "W2": H.T @ dP, "b2": dP.sum(0)}
