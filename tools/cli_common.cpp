#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "cli.h"
#include "sim_cli.h"
#include "tilesplit/ir/error.h"

namespace tilesplit::cli {

std::string ParsedArgs::Value(std::string_view name) const {
  auto it = values.find(name);
  return it == values.end() || it->second.empty() ? std::string() : it->second.back();
}

std::vector<std::string> ParsedArgs::Values(std::string_view name) const {
  auto it = values.find(name);
  return it == values.end() ? std::vector<std::string>() : it->second;
}

namespace {

const OptionSpec* FindLong(const std::vector<OptionSpec>& specs, std::string_view name) {
  for (const OptionSpec& s : specs)
    if (s.long_name == name) return &s;
  return nullptr;
}

const OptionSpec* FindShort(const std::vector<OptionSpec>& specs, char c) {
  for (const OptionSpec& s : specs)
    if (s.short_name != 0 && s.short_name == c) return &s;
  return nullptr;
}

}  // namespace

ParsedArgs ParseArgs(const std::string& command, const std::vector<std::string>& args,
                     const std::vector<OptionSpec>& specs) {
  ParsedArgs out;
  bool options_done = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (options_done || a == "-" || a.empty() || a[0] != '-') {
      out.positional.push_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    if (a == "-h" || a == "--help") {
      out.help = true;
      continue;
    }
    const OptionSpec* spec = nullptr;
    std::string value;
    bool has_inline_value = false;
    if (a.rfind("--", 0) == 0) {
      std::string_view body = std::string_view(a).substr(2);
      size_t eq = body.find('=');
      std::string_view name = body.substr(0, eq);
      spec = FindLong(specs, name);
      if (!spec) throw UsageError(command, "unknown option '--" + std::string(name) + "'");
      if (eq != std::string_view::npos) {
        if (!spec->takes_value && !spec->optional_value)
          throw UsageError(command, "option '--" + std::string(name) + "' takes no value");
        value = std::string(body.substr(eq + 1));
        has_inline_value = true;
      }
    } else {
      spec = FindShort(specs, a[1]);
      if (!spec) throw UsageError(command, "unknown option '" + a.substr(0, 2) + "'");
      if (a.size() > 2) {
        if (!spec->takes_value) throw UsageError(command, "unknown option '" + a + "'");
        value = a.substr(2);
        has_inline_value = true;
      }
    }
    const std::string name(spec->long_name);
    if (!spec->takes_value) {
      out.flags[name] = true;
      if (has_inline_value) out.values[name].push_back(value);
      continue;
    }
    if (!has_inline_value) {
      if (i + 1 >= args.size()) throw UsageError(command, "option '" + a + "' needs a value");
      value = args[++i];
    }
    out.values[name].push_back(value);
  }
  return out;
}

uint64_t UnsignedValue(const std::string& command, std::string_view option,
                       const std::string& text) {
  try {
    size_t used = 0;
    const unsigned long long v = std::stoull(text, &used);
    if (used == text.size() && !text.empty() && text[0] != '-') return v;
  } catch (const std::exception&) {
  }
  throw UsageError(
      command, "--" + std::string(option) + " needs a non-negative integer, got '" + text + "'");
}

int64_t IntegerIn(const std::string& command, std::string_view option, const std::string& text,
                  int64_t lo, int64_t hi) {
  try {
    size_t used = 0;
    const long long v = std::stoll(text, &used);
    if (used == text.size() && v >= lo && v <= hi) return v;
  } catch (const std::exception&) {
  }
  const std::string range =
      hi == INT64_MAX ? (lo == 1 ? std::string("a positive integer")
                                 : "an integer of at least " + std::to_string(lo))
                      : "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
  throw UsageError(command,
                   "--" + std::string(option) + " needs " + range + ", got '" + text + "'");
}

double SecondsValue(const std::string& command, std::string_view option, const std::string& text) {
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  throw UsageError(command, "--" + std::string(option) +
                                " needs a non-negative number of seconds, got '" + text + "'");
}

void WriteOutputStreamed(const std::string& path, const OutputProducer& produce) {
  if (path.empty() || path == "-") {
    produce([](std::string_view chunk) {
      std::cout.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
      if (!std::cout) ir::ThrowUser(ir::Span{}, "cannot write to standard output");
    });
    std::cout.flush();
    if (!std::cout) ir::ThrowUser(ir::Span{}, "cannot write to standard output");
    return;
  }
  // The text goes to a temporary file renamed over `path` only once it is complete, so a failure
  // part-way leaves no output file.
  std::string tmp = path + ".tmp.XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) ir::ThrowUser(ir::Span{}, "cannot write '" + path + "': " + std::strerror(errno));
  auto fail = [&](int err) {
    close(fd);
    unlink(tmp.c_str());
    ir::ThrowUser(ir::Span{}, "cannot write '" + path + "': " + std::strerror(err));
  };
  try {
    produce([&](std::string_view chunk) {
      const char* p = chunk.data();
      size_t left = chunk.size();
      while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(errno);
        p += n;
        left -= static_cast<size_t>(n);
      }
    });
  } catch (...) {
    close(fd);
    unlink(tmp.c_str());
    throw;
  }
  // mkstemp creates 0600; an output file should get the usual permissions.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  if (close(fd) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    unlink(tmp.c_str());
    ir::ThrowUser(ir::Span{}, "cannot write '" + path + "': " + std::strerror(err));
  }
}

void WriteOutput(const std::string& path, const std::string& text) {
  WriteOutputStreamed(path, [&](const OutputSink& sink) { sink(text); });
}

const std::vector<Subcommand>& Subcommands() {
  // A new subcommand adds one line here and one file in tools/.
  static const std::vector<Subcommand> commands = {
      {"print", "parse and check a kernel, print its canonical text", nullptr, nullptr,
       PrintCommand},
      {"opt", "run passes over a kernel and print the result", nullptr, nullptr, OptCommand},
      {"equal", "compare two kernels structurally", nullptr, nullptr, EqualCommand},
      {"ops", "list the registered operators (--markdown: docs/operators.md)", nullptr, nullptr,
       OpsCommand},
      {"run", "run a kernel on the simulator and write its outputs", nullptr, nullptr,
       RunKernelCommand},
      {"check", "check a split kernel against its reference, bit for bit", nullptr, nullptr,
       CheckCommand},
      {"fuzz", "random kernels (or mutated files) through opt and check; find defects", nullptr,
       nullptr, FuzzCommand},
      {"completion", "print a bash completion script for tilesplit", nullptr, nullptr,
       CompletionCommand},
      {"explain", "what the split decided, per function, value, crossing and store", nullptr,
       nullptr, ExplainCommand},
  };
  return commands;
}

OptionSpec DefineOption() {
  return {"define", 'D', true, "NAME=VALUE",
          "replace the value of module constant NAME (a `NAME = <number>`\nline before the "
          "functions), e.g. -D N=64 for a test size;\nrepeatable"};
}

std::map<std::string, std::string> Defines(const std::string& command, const ParsedArgs& a) {
  std::map<std::string, std::string> out;
  for (const std::string& d : a.Values("define")) {
    const size_t eq = d.find('=');
    if (eq == 0 || eq == std::string::npos || eq + 1 == d.size())
      throw UsageError(command, "-D takes NAME=VALUE, got '" + d + "'");
    out[d.substr(0, eq)] = d.substr(eq + 1);
  }
  return out;
}

}  // namespace tilesplit::cli
