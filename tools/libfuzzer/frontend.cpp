// libFuzzer harness for the front end: any bytes are parsed and type-checked; text that is
// accepted must print, parse back structurally equal and print identically again. A located user
// error is a normal outcome; a user error without a location (the CLI would exit 1 without
// saying where), an internal error, another exception or a round-trip failure aborts so that
// libFuzzer keeps the input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/dsl/structural_equal.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/source_scope.h"

namespace {

[[noreturn]] void Fail(const std::string& why) {
  std::fprintf(stderr, "fuzz_frontend: %s\n", why.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tilesplit;
  // Every parse registers its text with the SourceManager; nothing made from this input outlives
  // the call, so the texts are dropped with it (else memory grows with every input run, and
  // libFuzzer's leak check rescans the heap after each one).
  ir::SourceScope sources;
  const std::string text(reinterpret_cast<const char*>(data), size);
  ir::ProgramPtr p;
  try {
    p = dsl::Parse(text, "input.py");
  } catch (const ir::UserError& e) {
    if (!e.span().valid()) Fail("user error without a location: " + e.message());
    return 0;
  } catch (const ir::InternalError& e) {
    Fail("internal error while parsing: " + e.message());
  } catch (const std::exception& e) {
    Fail(std::string("exception while parsing: ") + e.what());
  }
  try {
    const std::string printed = dsl::Print(p);
    ir::ProgramPtr again = dsl::Parse(printed, "printed.py");
    const dsl::EqualResult eq = dsl::StructuralEqual(p, again);
    if (!eq.equal) Fail("print -> parse is not equal: " + eq.Describe());
    if (dsl::Print(again) != printed) Fail("printing is not idempotent");
  } catch (const ir::UserError& e) {
    Fail("printed form does not parse back: " + e.message());
  } catch (const ir::InternalError& e) {
    Fail("internal error in the round trip: " + e.message());
  } catch (const std::exception& e) {
    Fail(std::string("exception in the round trip: ") + e.what());
  }
  return 0;
}
