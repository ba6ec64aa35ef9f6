// Mutations are deliberately mostly "near-valid": token swaps and literal changes keep the file
// parseable often enough to reach the passes and the simulator, while byte damage exercises the
// lexer and the parser's recovery.
#include "tilesplit/fuzz/mutator.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace tilesplit::fuzz {

std::vector<CorpusFile> LoadCorpus(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<CorpusFile> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string p = it->path().string();
    if (!it->is_regular_file() || it->path().extension() != ".py") continue;
    if (p.ends_with(".expected.py") || p.ends_with(".split.py")) continue;
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    out.push_back({p, ss.str()});
  }
  std::sort(out.begin(), out.end(),
            [](const CorpusFile& a, const CorpusFile& b) { return a.path < b.path; });
  return out;
}

const std::vector<std::string>& DslTokens() {
  static const std::vector<std::string> kTokens = {"pl.",
                                                   "pl.tile.",
                                                   "pl.Mem.Vec",
                                                   "pl.Mem.Mat",
                                                   "pl.Mem.Acc",
                                                   "pl.Mem.Left",
                                                   "pl.Mem.Right",
                                                   "pl.FP32",
                                                   "pl.FP16",
                                                   "pl.INT32",
                                                   "pl.UINT8",
                                                   "pl.INDEX",
                                                   "pl.BF16",
                                                   "pl.Tile",
                                                   "pl.Tensor",
                                                   "pl.Scalar",
                                                   "pl.Out",
                                                   "pl.InOut",
                                                   "pl.TileView",
                                                   "valid_shape=",
                                                   "pl.SplitMode.UP_DOWN",
                                                   "pl.SplitMode.LEFT_RIGHT",
                                                   "pl.SplitMode.NONE",
                                                   "pl.split_aiv",
                                                   "pl.range",
                                                   "pl.unroll",
                                                   "pl.parallel",
                                                   "pl.while_",
                                                   "pl.cond",
                                                   "pl.yield_",
                                                   "init_values=",
                                                   "pl.at",
                                                   "pl.Level.CORE_GROUP",
                                                   "pl.split",
                                                   "pl.cross_core_slot",
                                                   "slot_num=",
                                                   "target_memory=",
                                                   "pl.load",
                                                   "pl.store",
                                                   "pl.tile.move",
                                                   "pl.matmul",
                                                   "pl.add",
                                                   "pl.sub",
                                                   "pl.mul",
                                                   "pl.exp",
                                                   "pl.tile.slice",
                                                   "pl.read",
                                                   "pl.tile.reshape",
                                                   "pl.tile.reinterpret_view",
                                                   "pl.tile.gather",
                                                   "pl.tile.sel",
                                                   "pl.tile.row_sum",
                                                   "pl.tile.col_sum",
                                                   "pl.tile.create",
                                                   "pl.tile.full",
                                                   "pl.aiv_shard",
                                                   "pl.aic_gather",
                                                   "pl.tile.get_subblock_idx",
                                                   "pl.function",
                                                   "pl.FunctionType.InCore",
                                                   "attrs=",
                                                   "\"split\"",
                                                   "\"split_aiv\"",
                                                   "return",
                                                   "for",
                                                   "in",
                                                   "if",
                                                   "else:",
                                                   "with",
                                                   "def",
                                                   "(",
                                                   ")",
                                                   "[",
                                                   "]",
                                                   ":",
                                                   ",",
                                                   "=",
                                                   "\n",
                                                   "    ",
                                                   "0",
                                                   "1",
                                                   "-1",
                                                   "2",
                                                   "17",
                                                   "64",
                                                   "128",
                                                   "9223372036854775807",
                                                   "-9223372036854775808",
                                                   "2147483648",
                                                   "1e308",
                                                   "0.0",
                                                   "True",
                                                   "False",
                                                   "*",
                                                   "//",
                                                   "%",
                                                   "+",
                                                   "-",
                                                   ">",
                                                   "==",
                                                   "pl.min",
                                                   "pl.max",
                                                   "pl.dynamic"};
  return kTokens;
}

std::string Mutate(const std::string& text, uint64_t seed) {
  std::mt19937_64 g(seed * 0x9e3779b97f4a7c15ULL + 1);
  auto below = [&](size_t n) { return n == 0 ? size_t{0} : static_cast<size_t>(g() % n); };
  std::string s = text;
  const int rounds = 1 + static_cast<int>(below(3));
  for (int round = 0; round < rounds; ++round) {
    switch (below(9)) {
      case 0: {  // delete a range
        const size_t at = below(s.size());
        s.erase(at, 1 + below(40));
        break;
      }
      case 1: {  // overwrite a few bytes with punctuation the grammar cares about
        static const std::string kBytes = "()[]:,=\n \t#\"'x0-.@";
        for (size_t k = 1 + below(5); k-- > 0 && !s.empty();)
          s[below(s.size())] = kBytes[below(kBytes.size())];
        break;
      }
      case 2:  // truncate
        s.resize(below(s.size() + 1));
        break;
      case 3: {  // a hostile fragment
        static const std::vector<std::string> kFragments = {
            std::string(50, '('),      "\xff\xfe",     std::string(1, '\0'),
            std::string(120, ' '),     "pl.tile.add(", std::string(100, '-') + "1",
            "[" + std::string(40, '[')};
        s.insert(below(s.size() + 1), kFragments[below(kFragments.size())]);
        break;
      }
      case 4:
      case 5: {  // swap in a DSL token at a token boundary
        const auto& toks = DslTokens();
        size_t at = below(s.size() + 1);
        while (at < s.size() && std::isalnum(static_cast<unsigned char>(s[at]))) ++at;
        s.insert(at, toks[below(toks.size())]);
        break;
      }
      case 6:
      case 7: {  // change an integer literal
        std::vector<size_t> starts;
        for (size_t i = 0; i < s.size(); ++i)
          if (std::isdigit(static_cast<unsigned char>(s[i])) &&
              (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1]))))
            starts.push_back(i);
        if (starts.empty()) break;
        const size_t i = starts[below(starts.size())];
        size_t j = i;
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
        static const std::vector<std::string> kValues = {
            "0", "1", "3", "17", "-1", "2147483648", "9223372036854775807", "65536", "7"};
        s.replace(i, j - i, kValues[below(kValues.size())]);
        break;
      }
      default: {  // duplicate a line
        std::vector<size_t> nl;
        for (size_t i = 0; i < s.size(); ++i)
          if (s[i] == '\n') nl.push_back(i);
        if (nl.size() < 2) break;
        const size_t k = below(nl.size() - 1);
        const std::string line = s.substr(nl[k] + 1, nl[k + 1] - nl[k]);
        s.insert(nl[k + 1] + 1, line);
        break;
      }
    }
  }
  return s;
}

}  // namespace tilesplit::fuzz
