check --scalar N=48
check --scalar N=16
