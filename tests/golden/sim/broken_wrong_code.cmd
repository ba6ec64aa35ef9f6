check --against broken_wrong_code.split.py
