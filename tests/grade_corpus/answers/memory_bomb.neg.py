# EXERCISE 02.neg
def neg(a):
    hog = []
    while True:          # 256 MB at a time (reserved, not touched: fast) until the limit
        hog.append(np.empty(256 * 2**20, dtype=np.uint8))
