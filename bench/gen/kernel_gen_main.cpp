// tilesplit_gen N [OUT]: writes a generated kernel of about N statements (stdout without OUT).
// Used by bench/memory.sh to measure the CLI's peak memory on large inputs.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "kernel_gen.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: tilesplit_gen N [OUT]\n";
    return 2;
  }
  const long long n = std::atoll(argv[1]);
  if (n < 3) {
    std::cerr << "tilesplit_gen: N must be at least 3\n";
    return 2;
  }
  const std::string text = tilesplit::bench::GenerateMixedKernel(n);
  if (argc > 2) {
    std::ofstream(argv[2]) << text;
  } else {
    std::cout << text;
  }
  return 0;
}
