run --outputs run_outputs_unwritable.py
