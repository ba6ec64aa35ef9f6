// Byte- and token-level mutations of existing kernel files (the corpus), for `fuzz --mutate`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tilesplit::fuzz {

// Every `.py` file under `dir` (recursively) except `.expected.py` and `.split.py` outputs,
// sorted, with its contents.
struct CorpusFile {
  std::string path;
  std::string text;
};
std::vector<CorpusFile> LoadCorpus(const std::string& dir);

// A mutation of `text` chosen by `seed`: deleting, duplicating or overwriting a byte range,
// truncating, inserting hostile fragments (deep nesting, invalid UTF-8, NUL, long runs), swapping
// a DSL token for another, or changing an integer literal to an extreme value.
std::string Mutate(const std::string& text, uint64_t seed);

// The DSL tokens the token mutations draw from (also the libFuzzer dictionary).
const std::vector<std::string>& DslTokens();

}  // namespace tilesplit::fuzz
