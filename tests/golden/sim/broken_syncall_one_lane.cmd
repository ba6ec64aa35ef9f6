check --against broken_syncall_one_lane.split.py
