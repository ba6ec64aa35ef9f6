run --pipeline no-such-pipeline
