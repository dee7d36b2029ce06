"""What ``course.py lab`` gives JupyterLab: its settings (``overrides.json``) and the save
hook that keeps a notebook's saved widgets (:mod:`.save_hook`)."""
