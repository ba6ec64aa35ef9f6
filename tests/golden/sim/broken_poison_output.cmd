check --against broken_poison_output.split.py
