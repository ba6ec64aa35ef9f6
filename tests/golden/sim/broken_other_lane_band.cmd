check --against broken_other_lane_band.split.py
