// The two kinds of failure the library reports. A UserError is the author's mistake and is
// rendered as FILE:LINE:COL: error: ... with the source line and a caret; an InternalError is a
// broken compiler postcondition and says so.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "tilesplit/ir/span.h"

namespace tilesplit::ir {

struct Note {
  Span span;  // may be invalid: then the note is printed without a location
  std::string message;
};

// What kind of mistake a user error reports, for callers that react to the kind rather than to
// the wording (the Python package raises PyPTO's exception class for it).
enum class UserErrorKind {
  General,
  UnsupportedConstruct,  // a Python construct the DSL has no counterpart for (`break`, `class`)
  SSAViolation,          // a rebinding in a function the author declared strict_ssa
};

class UserError : public std::runtime_error {
 public:
  UserError(Span span, std::string message, std::vector<Note> notes = {},
            UserErrorKind kind = UserErrorKind::General)
      : std::runtime_error(message),
        span_(span),
        message_(std::move(message)),
        notes_(std::move(notes)),
        kind_(kind) {}
  const Span& span() const { return span_; }
  const std::string& message() const { return message_; }
  const std::vector<Note>& notes() const { return notes_; }
  UserErrorKind kind() const { return kind_; }
  // Attaches a location when the thrower had none (e.g. a deducer that knows no spans).
  UserError WithSpanIfMissing(Span s) const {
    UserError e = *this;
    if (!e.span_.valid()) e.span_ = s;
    return e;
  }
  UserError WithNote(std::string note) const {
    UserError e = *this;
    e.notes_.push_back({Span{}, std::move(note)});
    return e;
  }

 private:
  Span span_;
  std::string message_;
  std::vector<Note> notes_;
  UserErrorKind kind_;
};

class InternalError : public std::runtime_error {
 public:
  InternalError(Span span, std::string message)
      : std::runtime_error(message), span_(span), message_(std::move(message)) {}
  const Span& span() const { return span_; }
  const std::string& message() const { return message_; }

 private:
  Span span_;
  std::string message_;
};

// Renders `FILE:LINE:COL: error: MESSAGE`, the source line, a caret under the column, then one
// `note:` line per note. Without a valid span the location prefix is the bare `error:`.
std::string RenderUserError(const UserError& e);
// Renders `FILE:LINE:COL: internal error: MESSAGE` plus a request to report the bug.
std::string RenderInternalError(const InternalError& e);

[[noreturn]] inline void ThrowUser(Span span, std::string message, std::vector<Note> notes = {}) {
  throw UserError(span, std::move(message), std::move(notes));
}
[[noreturn]] inline void ThrowInternal(Span span, std::string message) {
  throw InternalError(span, std::move(message));
}

#define TS_CHECK_SPAN(cond, span, msg)                      \
  do {                                                      \
    if (!(cond)) ::tilesplit::ir::ThrowUser((span), (msg)); \
  } while (0)
#define TS_INTERNAL_CHECK_SPAN(cond, span, msg)                 \
  do {                                                          \
    if (!(cond)) ::tilesplit::ir::ThrowInternal((span), (msg)); \
  } while (0)

}  // namespace tilesplit::ir
