# Entry points for people and CI. The build itself is CMake + Ninja; this file only sequences
# bootstrap, configure, build and test.
#
#   make          build everything (the CLI ends at build/bin/tilesplit)
#   make test     build, then run the unit tests and the golden suite
#   make demo     run the CLI on examples/demo.py
#   make asan     build with Address/UB sanitizers in build-asan and run the whole suite
#   make bench    build and run the benchmarks
#   make fuzz     a long campaign of the built-in fuzzer (FUZZ_SECONDS, FUZZ_OUT)
#   make fuzz-python [FUZZ_PYTHON_CASES=100000]  random well- and ill-formed IR built from Python
#                 (hypothesis) through print, passes, equality and the simulator, in child
#                 processes: every case must end in a result or a clean exception, never a signal
#   make fuzz-libfuzzer SECONDS=N  the libFuzzer harnesses (clang) in build-libfuzzer
#                                  (HARNESSES=frontend or split_pass runs only that one)
#   make format   clang-format every C++ source
#   make clean    remove the build directories

BUILD_DIR ?= build
ASAN_DIR ?= build-asan
# Benchmarks need an optimised build; a directory of their own keeps `build` from flipping types.
BENCH_DIR ?= build-bench
# One compile job per core of this machine by default (JOBS=N overrides).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
TILESPLIT := $(BUILD_DIR)/bin/tilesplit

.PHONY: all bootstrap configure build test demo asan bench format clean fuzz fuzz-libfuzzer \
	fuzz-python

all: build

bootstrap:
	@bash scripts/bootstrap.sh --for test

configure: bootstrap
	cmake -S . -B $(BUILD_DIR) -G Ninja -DTILESPLIT_REQUIRE_TESTS=ON $(CMAKE_FLAGS)

build: configure
	ninja -C $(BUILD_DIR) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

# The demo needs only the CLI: it installs only the compiler and the CMake toolchain (none of the
# test suite's packages), configures without requiring GoogleTest and builds that one target
# (not the unit tests, the benchmarks or the Python bindings), so a bare machine reaches it in a
# few minutes. `make test` afterwards installs the rest and reconfigures the same build tree.
demo:
	@bash scripts/bootstrap.sh --for demo
	cmake -S . -B $(BUILD_DIR) -G Ninja -DTILESPLIT_REQUIRE_TESTS=OFF $(CMAKE_FLAGS)
	ninja -C $(BUILD_DIR) -j $(JOBS) tilesplit
	@echo "== examples/demo.py, canonical text =="
	@$(TILESPLIT) print examples/demo.py
	@echo "== after lower-auto-vector-split =="
	@$(TILESPLIT) opt examples/demo.py -p lower-auto-vector-split --verify-roundtrip
	@echo "== check: the split program against the reference, bit for bit =="
	@$(TILESPLIT) check examples/demo.py

asan: bootstrap
	cmake -S . -B $(ASAN_DIR) -G Ninja -DTILESPLIT_SANITIZE=ON -DTILESPLIT_BENCH=OFF $(CMAKE_FLAGS)
	ninja -C $(ASAN_DIR) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(ASAN_DIR) --output-on-failure -j $(JOBS)

bench: bootstrap
	cmake -S . -B $(BENCH_DIR) -G Ninja -DTILESPLIT_BENCH=ON -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	ninja -C $(BENCH_DIR) -j $(JOBS)
	@if [ -x $(BENCH_DIR)/bin/tilesplit_bench ]; then \
	  $(BENCH_DIR)/bin/tilesplit_bench; \
	else \
	  echo "no benchmarks built (bench/*.cpp missing or libbenchmark-dev not found)"; \
	fi

# A long fuzz campaign: random kernels until FUZZ_SECONDS have passed (tile-level kernels and,
# one case in three, tensor-level programs: --level all), then the mutator over the golden files;
# each distinct failure is shrunk into FUZZ_OUT (docs/reliability.md).
FUZZ_SECONDS ?= 1800
FUZZ_OUT ?= fuzz-out
FUZZ_SEED ?= $(shell date +%s)
fuzz: build
	-$(TILESPLIT) fuzz --level all --count 100000000 --seed $(FUZZ_SEED) \
	  --time-budget $(FUZZ_SECONDS) --jobs $(JOBS) --out $(FUZZ_OUT)/generated
	$(TILESPLIT) fuzz --mutate tests --count 20000 --seed $(FUZZ_SEED) --jobs $(JOBS) \
	  --time-budget $(FUZZ_SECONDS) --out $(FUZZ_OUT)/mutated

# The Python API under hypothesis (python/tests/ir_fuzz.py; docs/reliability.md): chunks of
# FUZZ_PYTHON_CHUNK cases, each in its own interpreter so that a crash is a signal seen here.
FUZZ_PYTHON_CASES ?= 100000
FUZZ_PYTHON_CHUNK ?= 2000
FUZZ_PYTHON_SEED ?= 1
fuzz-python: build
	PYTHONPATH=$(BUILD_DIR)/python /usr/bin/python3 python/tests/ir_fuzz.py \
	  --cases $(FUZZ_PYTHON_CASES) --chunk $(FUZZ_PYTHON_CHUNK) --seed $(FUZZ_PYTHON_SEED)

# libFuzzer harnesses for the front end and the split pass, built with clang in a directory of
# their own and run for SECONDS each on one job, seeded from every .py under tests/ and examples/.
LIBFUZZER_DIR ?= build-libfuzzer
SECONDS ?= 60
HARNESSES ?= frontend split_pass
fuzz-libfuzzer: bootstrap
	cmake -S . -B $(LIBFUZZER_DIR) -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DTILESPLIT_LIBFUZZER=ON \
	  -DTILESPLIT_BENCH=OFF -DTILESPLIT_MIMALLOC=OFF -DTILESPLIT_WERROR=OFF \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)
	ninja -C $(LIBFUZZER_DIR) -j $(JOBS) fuzz_frontend fuzz_split_pass
	bash scripts/run_libfuzzer.sh $(LIBFUZZER_DIR) $(SECONDS) $(HARNESSES)

format:
	find include src tools tests bench python -name '*.h' -o -name '*.cpp' | xargs -r clang-format -i

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(BENCH_DIR) $(LIBFUZZER_DIR)
