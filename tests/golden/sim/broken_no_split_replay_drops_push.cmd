check --against broken_no_split_replay_drops_push.split.py
