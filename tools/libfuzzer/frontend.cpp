// libFuzzer harness for the front end: any bytes are parsed and type-checked; text that is
// accepted must print, parse back structurally equal and print identically again. A user error
// is a normal outcome; an internal error, another exception or a round-trip failure aborts so
// that libFuzzer keeps the input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tilesplit/analysis/structural_equal.h"
#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/error.h"

namespace {

[[noreturn]] void Fail(const std::string& why) {
  std::fprintf(stderr, "fuzz_frontend: %s\n", why.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tilesplit;
  const std::string text(reinterpret_cast<const char*>(data), size);
  ir::ProgramPtr p;
  try {
    p = dsl::Parse(text, "input.py");
  } catch (const ir::UserError&) {
    return 0;
  } catch (const ir::InternalError& e) {
    Fail("internal error while parsing: " + e.message());
  } catch (const std::exception& e) {
    Fail(std::string("exception while parsing: ") + e.what());
  }
  try {
    const std::string printed = dsl::Print(p);
    ir::ProgramPtr again = dsl::Parse(printed, "printed.py");
    const analysis::EqualResult eq = analysis::StructuralEqual(p, again);
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
