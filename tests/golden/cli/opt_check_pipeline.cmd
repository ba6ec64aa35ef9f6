# The named pipeline `check` runs, by -p or --pipeline.
opt --pipeline check-pipeline
opt -p check-pipeline
