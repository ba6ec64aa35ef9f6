--version
print --version
check --version
