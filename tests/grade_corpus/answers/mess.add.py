# EXERCISE 02.add
# 3,000 nested folders and a folder no one may enter, in scratch and in /tmp.
import os


def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")


for start in (os.environ["HOME"], "/tmp"):
    os.chdir(start)
    for _ in range(3000):
        os.mkdir("d")
        os.chdir("d")
    os.chdir(start)
    os.makedirs("locked/inner", exist_ok=True)
    open("locked/inner/x", "w").close()
    os.chmod("locked/inner", 0)
    os.chmod("locked", 0)
os.chdir(os.environ["HOME"])
print("made a mess")
