run --func main
check --func main
