check --against broken_too_few_slots.split.py
