// Module constants and the sibling modules they are imported from (module_loader.h).
#include "module_loader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "parser_impl.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/span.h"

namespace tilesplit::dsl::detail {

namespace {

// A -D override of the constant `written`: a number of the same kind.
ir::ExprPtr DefinedValue(const std::string& name, const std::string& text,
                         const ir::ExprPtr& written, ir::Span span) {
  auto bad = [&]() -> ir::ExprPtr {
    ir::ThrowUser(ir::Span{},
                  "-D " + name + "=" + text +
                      ": the value must be a number (an int, or a float for a float constant)",
                  {{{}, "write -D " + name + "=<number>, e.g. -D " + name + "=64"}});
  };
  size_t used = 0;
  try {
    if (const ir::ConstInt* i = written->As<ir::ConstInt>()) {
      const long long v = std::stoll(text, &used, 10);
      if (used != text.size()) return bad();
      return ir::MakeConstInt(v, i->type->As<ir::ScalarType>()->dtype, span);
    }
    const double v = std::stod(text, &used);
    if (used != text.size()) return bad();
    return ir::MakeConstFloat(v, written->type->As<ir::ScalarType>()->dtype, span);
  } catch (const std::logic_error&) {
    return bad();
  }
}

// Modules being read for their constants, innermost last: a cycle of imports stops there.
thread_local std::vector<std::string> g_reading_modules;

}  // namespace

void ModuleConstants::Bind(std::string_view name, ir::ExprPtr value, ir::Span span) {
  if (defines_)
    if (auto d = defines_->find(std::string(name)); d != defines_->end()) {
      value = DefinedValue(d->first, d->second, value, span);
      used_.insert(d->first);
    }
  values_[name] = std::move(value);
}

const ir::ExprPtr* ModuleConstants::Find(std::string_view name) const {
  auto it = values_.find(name);
  return it == values_.end() ? nullptr : &it->second;
}

void ModuleConstants::CheckDefinesUsed() const {
  if (!defines_) return;
  for (const auto& [name, text] : *defines_)
    if (!used_.count(name))
      ir::ThrowUser(
          ir::Span{},
          "-D " + name + "=" + text + ": the file defines no module constant '" + name + "'",
          {{{}, "-D replaces the value of a `NAME = <number>` line before the functions"}});
}

std::optional<ConstantMap> ReadSiblingConstants(uint32_t importing_file, int dots,
                                                const std::string& module) {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(ir::SourceManager::Name(importing_file)).parent_path();
  for (int d = 1; d < dots; ++d) dir = dir.parent_path();
  fs::path base = dir;
  std::string rest = module;
  for (size_t p; (p = rest.find('.')) != std::string::npos; rest = rest.substr(p + 1))
    base /= rest.substr(0, p);
  std::error_code ec;
  fs::path path;
  if (!rest.empty() && fs::is_regular_file(base / (rest + ".py"), ec))
    path = base / (rest + ".py");
  else if (fs::is_regular_file(base / rest / "__init__.py", ec))
    path = base / rest / "__init__.py";
  if (path.empty()) return std::nullopt;
  const std::string key = fs::weakly_canonical(path, ec).string();
  if (std::find(g_reading_modules.begin(), g_reading_modules.end(), key) !=
          g_reading_modules.end() ||
      g_reading_modules.size() >= 16)
    return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  const uint32_t file = ir::SourceManager::Register(path.string(), std::move(buf).str());
  g_reading_modules.push_back(key);
  ConstantMap constants;
  try {
    Parser sibling(ir::SourceManager::Text(file), file);
    constants = sibling.ParseConstantsOnly();
  } catch (...) {
    g_reading_modules.pop_back();
    throw;
  }
  g_reading_modules.pop_back();
  return constants;
}

}  // namespace tilesplit::dsl::detail
