run --func add
check --func add
explain --func add
