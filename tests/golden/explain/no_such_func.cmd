explain --func nothing_here
