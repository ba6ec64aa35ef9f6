check --pipeline no-such-pipeline
