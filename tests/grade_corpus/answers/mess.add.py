# EXERCISE 02.add
# 3,000 nested folders in scratch, and folders no one may enter, in scratch and in /tmp.
import os


def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")


home = os.environ["HOME"]
for _ in range(3000):
    os.mkdir("d")
    os.chdir("d")
for start in (home, "/tmp"):
    os.chdir(start)
    os.makedirs("locked/inner", exist_ok=True)
    open("locked/inner/x", "w").close()
    os.chmod("locked/inner", 0)
    os.chmod("locked", 0)
os.chdir(home)
print("made a mess")
