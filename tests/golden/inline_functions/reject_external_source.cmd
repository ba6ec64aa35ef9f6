opt -p inline-functions
