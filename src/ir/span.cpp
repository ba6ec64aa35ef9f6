#include "tilesplit/ir/span.h"

#include <deque>
#include <mutex>

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/source_scope.h"

namespace tilesplit::ir {
namespace {

struct Buffer {
  std::string name;
  std::string text;
};

// Index 0 is the "no file" sentinel so that a zero-initialised Span means "unknown".
std::deque<Buffer>& Buffers() {
  static std::deque<Buffer> buffers{Buffer{"<unknown>", ""}};
  return buffers;
}
std::mutex& BufferMutex() {
  static std::mutex m;
  return m;
}

}  // namespace

uint32_t SourceManager::Register(std::string name, std::string text) {
  std::lock_guard<std::mutex> lock(BufferMutex());
  Buffers().push_back(Buffer{std::move(name), std::move(text)});
  return static_cast<uint32_t>(Buffers().size() - 1);
}

SourceScope::SourceScope() {
  std::lock_guard<std::mutex> lock(BufferMutex());
  mark_ = Buffers().size();
}

SourceScope::~SourceScope() {
  // Popping from the back of a deque leaves references to the remaining buffers valid.
  std::lock_guard<std::mutex> lock(BufferMutex());
  auto& b = Buffers();
  while (b.size() > mark_) b.pop_back();
}

const std::string& SourceManager::Name(uint32_t file) {
  std::lock_guard<std::mutex> lock(BufferMutex());
  auto& b = Buffers();
  return file < b.size() ? b[file].name : b[0].name;
}

const std::string& SourceManager::Text(uint32_t file) {
  std::lock_guard<std::mutex> lock(BufferMutex());
  auto& b = Buffers();
  return file < b.size() ? b[file].text : b[0].text;
}

std::string_view SourceManager::Line(uint32_t file, uint32_t line) {
  const std::string& text = Text(file);
  if (line == 0) return {};
  size_t pos = 0;
  for (uint32_t l = 1; l < line; ++l) {
    pos = text.find('\n', pos);
    if (pos == std::string::npos) return {};
    ++pos;
  }
  size_t end = text.find('\n', pos);
  if (end == std::string::npos) end = text.size();
  std::string_view sv(text);
  sv = sv.substr(pos, end - pos);
  if (!sv.empty() && sv.back() == '\r') sv.remove_suffix(1);
  return sv;
}

namespace {

std::string Location(const Span& s) {
  return SourceManager::Name(s.file) + ":" + std::to_string(s.line) + ":" + std::to_string(s.col);
}

void AppendSourceAndCaret(std::string& out, const Span& s) {
  std::string_view line = SourceManager::Line(s.file, s.line);
  if (line.empty()) return;
  out += "  ";
  out += line;
  out += "\n  ";
  // Keep tabs so the caret lines up under a tab-indented source line.
  for (uint32_t i = 1; i < s.col && i - 1 < line.size(); ++i)
    out += line[i - 1] == '\t' ? '\t' : ' ';
  out += "^\n";
}

}  // namespace

std::string RenderUserError(const UserError& e) {
  std::string out;
  if (e.span().valid()) {
    out += Location(e.span()) + ": error: " + e.message() + "\n";
    AppendSourceAndCaret(out, e.span());
  } else {
    out += "error: " + e.message() + "\n";
  }
  for (const Note& n : e.notes()) {
    if (n.span.valid()) {
      out += Location(n.span) + ": note: " + n.message + "\n";
      AppendSourceAndCaret(out, n.span);
    } else {
      out += "note: " + n.message + "\n";
    }
  }
  for (const UserError& f : FurtherOf(e)) out += RenderUserError(f);
  return out;
}

std::string RenderInternalError(const InternalError& e) {
  std::string out;
  if (e.span().valid()) out += Location(e.span()) + ": ";
  out += "internal error: " + e.message() + "\n";
  if (e.span().valid()) AppendSourceAndCaret(out, e.span());
  out += "note: this is a bug in tilesplit, not in the kernel; please report it with the input\n";
  return out;
}

}  // namespace tilesplit::ir
