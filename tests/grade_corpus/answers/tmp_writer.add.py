# EXERCISE 02.add
# Leave files behind in /tmp and in /var/tmp, for good.
def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")


for path in ("/tmp/__MARKER__-left.txt", "/var/tmp/__MARKER__-left.txt", "/dev/shm/__MARKER__"):
    try:
        with open(path, "w") as handle:
            handle.write("I was here")
        print(f"wrote {path}")
    except OSError as err:
        print(f"write {path}: refused ({type(err).__name__})")
