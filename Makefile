# Entry points for people and CI. The build itself is CMake + Ninja; this file only sequences
# bootstrap, configure, build and test.
#
#   make          build everything (the CLI ends at build/bin/tilesplit)
#   make test     build, then run the unit tests and the golden suite
#   make demo     run the CLI on examples/demo.py
#   make asan     build with Address/UB sanitizers in build-asan and run the whole suite
#   make bench    build and run the benchmarks
#   make format   clang-format every C++ source
#   make clean    remove the build directories

BUILD_DIR ?= build
ASAN_DIR ?= build-asan
# Benchmarks need an optimised build; a directory of their own keeps `build` from flipping types.
BENCH_DIR ?= build-bench
JOBS ?= 2
CMAKE_FLAGS ?=
TILESPLIT := $(BUILD_DIR)/bin/tilesplit

.PHONY: all bootstrap configure build test demo asan bench format clean

all: build

bootstrap:
	@bash scripts/bootstrap.sh --check-only-missing

configure: bootstrap
	cmake -S . -B $(BUILD_DIR) -G Ninja $(CMAKE_FLAGS)

build: configure
	ninja -C $(BUILD_DIR) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

demo: build
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

format:
	find include src tools tests bench python -name '*.h' -o -name '*.cpp' | xargs -r clang-format -i

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(BENCH_DIR)
