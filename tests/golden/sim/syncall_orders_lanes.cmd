check --against syncall_orders_lanes.split.py
