explain
