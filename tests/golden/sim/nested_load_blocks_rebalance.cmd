# The nested load is seen, so no rebalance is chosen: the box partition (8 and 5 rows) has no
# split code, so the crossing transports the full box and narrows after the pop; checks equal.
check
