// libFuzzer harness for the split pass: accepted text goes through outline-incore-scopes and
// lower-auto-vector-split with round-trip verification after each pass (what
// `tilesplit opt --verify-roundtrip` does). Located rejections are normal; a user error without
// a location, an internal error (which is also how a failed round trip is reported) or any other
// exception aborts.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/source_scope.h"
#include "tilesplit/pass/pass.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tilesplit;
  // Every parse registers its text with the SourceManager; nothing made from this input outlives
  // the call, so the texts are dropped with it (else memory grows with every input run, and
  // libFuzzer's leak check rescans the heap after each one).
  ir::SourceScope sources;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    ir::ProgramPtr p = dsl::Parse(text, "input.py");
    std::vector<pass::Pass> passes;
    for (const char* n : {"outline-incore-scopes", "lower-auto-vector-split"})
      passes.push_back(pass::PassRegistry::Global().Find(n)->factory());
    pass::PipelineOptions o;
    o.verify_roundtrip = true;
    pass::RunPipeline(p, passes, o);
  } catch (const ir::UserError& e) {
    if (e.span().valid()) return 0;
    std::fprintf(stderr, "fuzz_split_pass: user error without a location: %s\n",
                 e.message().c_str());
    std::abort();
  } catch (const ir::InternalError& e) {
    std::fprintf(stderr, "fuzz_split_pass: internal error: %s\n", e.message().c_str());
    std::abort();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_split_pass: exception: %s\n", e.what());
    std::abort();
  }
  return 0;
}
