check --against broken_double_free.split.py
