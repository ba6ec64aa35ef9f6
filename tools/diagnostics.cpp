#include "diagnostics.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>

#include "cli.h"
#include "tilesplit/ir/error_info.h"

namespace tilesplit::cli {

namespace {

constexpr const char* kReset = "\033[0m";
constexpr const char* kBold = "\033[1m";
constexpr const char* kRed = "\033[1;31m";
constexpr const char* kCyan = "\033[1;36m";
constexpr const char* kGreen = "\033[1;32m";
constexpr const char* kMagenta = "\033[1;35m";

bool Parse(std::string_view value, DiagnosticsFormat* out) {
  if (value == "text")
    *out = DiagnosticsFormat::Text;
  else if (value == "json")
    *out = DiagnosticsFormat::Json;
  else if (value == "sarif")
    *out = DiagnosticsFormat::Sarif;
  else
    return false;
  return true;
}

bool Parse(std::string_view value, ColorMode* out) {
  if (value == "auto")
    *out = ColorMode::Auto;
  else if (value == "always")
    *out = ColorMode::Always;
  else if (value == "never")
    *out = ColorMode::Never;
  else
    return false;
  return true;
}

// A rendered header line: `LOC: error: ...`, `error: ...`, `LOC: note: ...` or
// `LOC: internal error: ...`. Source lines and carets are indented by two spaces.
std::string ColorHeader(const std::string& line) {
  struct Marker {
    std::string_view text;
    const char* color;
  };
  static const Marker markers[] = {{"internal error: ", kRed},
                                   {"error: ", kRed},
                                   {"warning: ", kMagenta},
                                   {"note: ", kCyan},
                                   {"remark: ", kGreen}};
  size_t best = std::string::npos;
  const Marker* found = nullptr;
  for (const Marker& m : markers) {
    size_t at = line.rfind(std::string(m.text), 0) == 0 ? 0 : line.find(": " + std::string(m.text));
    if (at == std::string::npos) continue;
    if (at != 0) at += 2;
    if (at < best) {
      best = at;
      found = &m;
    }
  }
  if (!found) return line;
  std::string out;
  if (best > 0) out += kBold + line.substr(0, best - 2) + ":" + kReset + " ";
  out += found->color + std::string(found->text.substr(0, found->text.size() - 1)) + kReset + " ";
  out += kBold + line.substr(best + found->text.size()) + kReset;
  return out;
}

std::string RuleDescription(const std::string& rule) {
  auto after = [&](std::string_view prefix) { return rule.substr(prefix.size()); };
  if (rule == "dsl.parse") return "The kernel text must be valid DSL and well typed (dsl.md).";
  if (rule.rfind("pass.", 0) == 0)
    return "The input must be one the pass '" + after("pass.") + "' can transform soundly.";
  if (rule.rfind("property.", 0) == 0) {
    // "property.AivSplitValid.c": check (c) of the property.
    const std::string rest = after("property.");
    const size_t dot = rest.find('.');
    if (dot != std::string::npos)
      return "The input must pass check (" + rest.substr(dot + 1) + ") of the IR property " +
             rest.substr(0, dot) + ".";
    return "The input must have the IR property " + rest + ".";
  }
  if (rule == "check.differ")
    return "The split program must compute the reference's outputs bit for bit.";
  if (rule == "check.poison")
    return "The split program must store defined data wherever the reference does.";
  if (rule == "check.deadlock")
    return "The split program's cores must never all wait on each other.";
  if (rule == "check.fault")
    return "The split program's lanes must follow the cross-core pipe protocol.";
  if (rule == "sim") return "The kernel must run within the simulator's rules and budgets.";
  if (rule == "internal") return "A broken compiler invariant (a bug in tilesplit).";
  if (rule == "usage") return "The command line must be well formed.";
  return "The input must be valid for the command.";
}

std::string Region(const ir::Span& s) {
  return "{\"startLine\": " + std::to_string(s.line) +
         ", \"startColumn\": " + std::to_string(s.col) + "}";
}

std::string PhysicalLocation(const ir::Span& s) {
  return "{\"artifactLocation\": {\"uri\": " + JsonString(ir::SourceManager::Name(s.file)) +
         "}, \"region\": " + Region(s) + "}";
}

}  // namespace

std::string JsonString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (u < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", u);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string Colorize(const std::string& rendered) {
  std::string out;
  size_t start = 0;
  while (start < rendered.size()) {
    size_t end = rendered.find('\n', start);
    const bool has_newline = end != std::string::npos;
    if (!has_newline) end = rendered.size();
    const std::string line = rendered.substr(start, end - start);
    if (line.rfind("  ", 0) == 0) {
      const size_t caret = line.find_first_not_of(" \t");
      if (caret != std::string::npos && line[caret] == '^' && caret + 1 == line.size())
        out += line.substr(0, caret) + kGreen + "^" + kReset;
      else
        out += line;
    } else {
      out += ColorHeader(line);
    }
    if (has_newline) out += '\n';
    start = end + 1;
  }
  return out;
}

std::vector<std::string> TakeDiagnosticsOptions(const std::string& command,
                                                const std::vector<std::string>& args,
                                                DiagnosticsSettings& settings) {
  std::vector<std::string> rest;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      rest.insert(rest.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    std::string name, value;
    bool matched = false;
    for (std::string_view option : {"diagnostics-format", "color"}) {
      const std::string flag = "--" + std::string(option);
      if (a == flag) {
        if (i + 1 >= args.size()) throw UsageError(command, "option '" + a + "' needs a value");
        name = option;
        value = args[++i];
        matched = true;
      } else if (a.rfind(flag + "=", 0) == 0) {
        name = option;
        value = a.substr(flag.size() + 1);
        matched = true;
      }
      if (matched) break;
    }
    if (!matched) {
      rest.push_back(a);
      continue;
    }
    const bool ok =
        name == "color" ? Parse(value, &settings.color) : Parse(value, &settings.format);
    if (!ok)
      throw UsageError(command,
                       "--" + name + " must be " +
                           (name == "color" ? "auto, always or never" : "text, json or sarif") +
                           ", got '" + value + "'");
  }
  return rest;
}

DiagnosticsSink& Sink() {
  static DiagnosticsSink sink{DiagnosticsSettings{}};
  return sink;
}

bool DiagnosticsSink::Colored() const {
  switch (settings_.color) {
    case ColorMode::Always:
      return true;
    case ColorMode::Never:
      return false;
    case ColorMode::Auto: {
      // The conventions of other compilers: only on a terminal, never with NO_COLOR or a dumb one.
      const char* term = std::getenv("TERM");
      return isatty(STDERR_FILENO) && std::getenv("NO_COLOR") == nullptr &&
             !(term && std::string_view(term) == "dumb");
    }
  }
  return false;
}

void DiagnosticsSink::WriteText(const std::string& text) {
  std::string shown = Colored() ? Colorize(text) : text;
  std::cerr << shown;
  if (shown.empty() || shown.back() != '\n') std::cerr << '\n';
  std::cerr.flush();
}

void DiagnosticsSink::Add(Entry e) {
  entries_.push_back(std::move(e));
}

void DiagnosticsSink::UserError(const ir::UserError& e) {
  if (settings_.format == DiagnosticsFormat::Text) {
    std::string text;
    try {
      text = ir::RenderUserError(e);
    } catch (...) {
      text = std::string("error: ") + e.what();
    }
    WriteText(text);
    return;
  }
  const std::string rule = ir::RuleOf(e);
  Add({rule.empty() ? "input" : rule, "error", e.message(), e.span(), e.notes()});
  for (const ir::UserError& f : ir::FurtherOf(e)) {
    // A further error found by the same stage shares its rule.
    const std::string own = ir::RuleOf(f);
    Add({own.empty() ? (rule.empty() ? "input" : rule) : own, "error", f.message(), f.span(),
         f.notes()});
  }
}

void DiagnosticsSink::Warning(const ir::UserError& e, const std::string& rule) {
  if (settings_.format == DiagnosticsFormat::Text) {
    std::string text = ir::RenderUserError(e);
    const size_t at = text.find("error: ");
    if (at != std::string::npos) text.replace(at, 7, "warning: ");
    WriteText(text);
    return;
  }
  Add({rule, "warning", e.message(), e.span(), e.notes()});
}

void DiagnosticsSink::InternalError(const ir::InternalError& e) {
  if (settings_.format == DiagnosticsFormat::Text) {
    std::string text;
    try {
      text = ir::RenderInternalError(e);
    } catch (...) {
      text = std::string("internal error: ") + e.what();
    }
    WriteText(text);
    return;
  }
  Add({"internal",
       "error",
       "internal error: " + e.message(),
       e.span(),
       {{{}, "this is a bug in tilesplit, not in the kernel; please report it with the input"}}});
}

void DiagnosticsSink::Plain(std::string_view rule, std::string_view level,
                            const std::string& message) {
  if (settings_.format == DiagnosticsFormat::Text) {
    WriteText(message);
    return;
  }
  Add({std::string(rule), std::string(level), message, {}, {}});
}

void DiagnosticsSink::Finish() {
  if (settings_.format == DiagnosticsFormat::Text) return;
  std::string out;
  if (settings_.format == DiagnosticsFormat::Json) {
    out =
        "{\"tool\": \"tilesplit\", \"version\": " + JsonString(Version()) + ", \"diagnostics\": [";
    for (size_t i = 0; i < entries_.size(); ++i) {
      const Entry& e = entries_[i];
      out += i ? ",\n  " : "\n  ";
      out += "{\"severity\": " + JsonString(e.level) + ", \"rule\": " + JsonString(e.rule) +
             ", \"message\": " + JsonString(e.message);
      if (e.span.valid())
        out += ", \"file\": " + JsonString(ir::SourceManager::Name(e.span.file)) +
               ", \"line\": " + std::to_string(e.span.line) +
               ", \"column\": " + std::to_string(e.span.col);
      out += ", \"notes\": [";
      for (size_t k = 0; k < e.notes.size(); ++k) {
        const ir::Note& n = e.notes[k];
        out += (k ? ", " : "") + std::string("{\"message\": ") + JsonString(n.message);
        if (n.span.valid())
          out += ", \"file\": " + JsonString(ir::SourceManager::Name(n.span.file)) +
                 ", \"line\": " + std::to_string(n.span.line) +
                 ", \"column\": " + std::to_string(n.span.col);
        out += "}";
      }
      out += "]}";
    }
    out += entries_.empty() ? "]}\n" : "\n]}\n";
  } else {
    // SARIF 2.1.0: one run, the rules that fired in driver.rules, one result per error; notes
    // (where the author can change something) are the result's related locations.
    std::map<std::string, size_t> rule_index;
    std::vector<std::string> rules;
    for (const Entry& e : entries_)
      if (rule_index.emplace(e.rule, rules.size()).second) rules.push_back(e.rule);
    out =
        "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
        "  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": "
        "\"tilesplit\", \"version\": " +
        JsonString(Version()) + ", \"rules\": [";
    for (size_t i = 0; i < rules.size(); ++i)
      out += (i ? ", " : "") + std::string("{\"id\": ") + JsonString(rules[i]) +
             ", \"shortDescription\": {\"text\": " + JsonString(RuleDescription(rules[i])) + "}}";
    out += "]}},\n    \"results\": [";
    for (size_t i = 0; i < entries_.size(); ++i) {
      const Entry& e = entries_[i];
      out += i ? ",\n      " : "\n      ";
      out += "{\"ruleId\": " + JsonString(e.rule) +
             ", \"ruleIndex\": " + std::to_string(rule_index[e.rule]) + ", \"level\": " +
             JsonString(e.level == "note" || e.level == "warning" ? e.level : "error") +
             ", \"message\": {\"text\": " + JsonString(e.message) + "}";
      if (e.span.valid())
        out += ", \"locations\": [{\"physicalLocation\": " + PhysicalLocation(e.span) + "}]";
      if (!e.notes.empty()) {
        out += ", \"relatedLocations\": [";
        for (size_t k = 0; k < e.notes.size(); ++k) {
          const ir::Note& n = e.notes[k];
          out += (k ? ", " : "") + std::string("{\"id\": ") + std::to_string(k + 1);
          if (n.span.valid()) out += ", \"physicalLocation\": " + PhysicalLocation(n.span);
          out += ", \"message\": {\"text\": " + JsonString(n.message) + "}}";
        }
        out += "]";
      }
      out += "}";
    }
    out += entries_.empty() ? "]\n  }]\n}\n" : "\n    ]\n  }]\n}\n";
  }
  std::cerr << out;
  std::cerr.flush();
}

}  // namespace tilesplit::cli
