# Shortcuts for people who have make; course.py does the work and needs only python3.
.PHONY: lab test bench exercises site launch chapters

lab:
	python3 course.py lab

test:
	python3 course.py test

bench:
	.venv/bin/python benchmarks/bench_core.py
	.venv/bin/python benchmarks/bench_train.py
	.venv/bin/python benchmarks/bench_layers.py
	.venv/bin/python benchmarks/bench_grade.py
	.venv/bin/python benchmarks/bench_widgets.py

# Regenerate exercises/ from solutions/ (refuses to overwrite notebooks someone edited).
exercises:
	.venv/bin/python -m classroom.exercises.generate

# The course as a book (chapters and exercises as saved, readable offline) in build/site/.
site:
	.venv/bin/python -m classroom.site --out build/site

# The README's launch links and each notebook's first cell, from [project.urls] in pyproject.toml
# (chapters and solutions directly; exercises through their generator).
launch:
	.venv/bin/python -m classroom.launch
	.venv/bin/python -m classroom.exercises.generate

# Run every chapter in a fresh kernel and save it with its outputs and widget state
# (after changing a chapter, the library or a widget; one chapter: python -m classroom.execute FILE).
chapters:
	.venv/bin/python -m classroom.execute chapters/[0-9][0-9]_*.ipynb
