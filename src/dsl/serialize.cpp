// Serialization as DSL text (serialize.h).
#include "tilesplit/dsl/serialize.h"

#include "tilesplit/dsl/parser.h"
#include "tilesplit/dsl/printer.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/transform.h"

namespace tilesplit::dsl {
namespace {

constexpr std::string_view kHeader = "# tilesplit serialized ";
constexpr const char* kHolder = "serialized";

// A statement or expression lives in an InCore holder: the parser reads every construct there
// as written (an Opaque function would wrap a top-level region in a scope).
ir::ProgramPtr Holder(const std::vector<ir::VarPtr>& free, std::vector<ir::TypePtr> results,
                      ir::StmtPtr body) {
  std::vector<ir::Param> params;
  for (const ir::VarPtr& v : free) params.push_back({v, ir::ParamDirection::In});
  auto f = std::make_shared<ir::Function>(kHolder, ir::FunctionType::InCore, std::move(params),
                                          std::move(results), ir::AttrMap{}, std::move(body),
                                          ir::Span{});
  return std::make_shared<ir::Program>("", std::vector<ir::FunctionPtr>{f}, ir::Span{});
}

}  // namespace

std::string Serialize(const SerialNode& node) {
  if (node.program) return std::string(kHeader) + "program\n" + Print(node.program);
  if (node.function)
    return std::string(kHeader) + "function\n" +
           Print(std::make_shared<ir::Program>("", std::vector<ir::FunctionPtr>{node.function},
                                               node.function->span));
  if (node.stmt)
    return std::string(kHeader) + "stmt\n" + Print(Holder(ir::FreeVars(node.stmt), {}, node.stmt));
  if (node.expr) {
    ir::StmtPtr ret =
        std::make_shared<ir::ReturnStmt>(std::vector<ir::ExprPtr>{node.expr}, node.expr->span);
    return std::string(kHeader) + "expr\n" +
           Print(Holder(ir::FreeVars(node.expr), {node.expr->type}, ret));
  }
  ir::ThrowUser({}, "serialize: no node given");
}

SerialNode Deserialize(std::string_view text) {
  if (text.substr(0, kHeader.size()) != kHeader)
    ir::ThrowUser({}, "deserialize: the text is not a serialized node (it does not start with '" +
                          std::string(kHeader) + "KIND')");
  const size_t eol = text.find('\n');
  const std::string_view kind = text.substr(kHeader.size(), eol - kHeader.size());
  ParseOptions options;
  options.convert_to_ssa = false;
  ir::ProgramPtr p = Parse(text, "<serialized>", options);
  SerialNode out;
  if (kind == "program") {
    out.program = p;
    return out;
  }
  if (p->functions.size() != 1)
    ir::ThrowUser({}, "deserialize: a serialized " + std::string(kind) + " holds one function");
  const ir::FunctionPtr& f = p->functions.front();
  if (kind == "function") {
    out.function = f;
    return out;
  }
  std::vector<ir::StmtPtr> body = ir::FlattenStmts(f->body);
  if (kind == "stmt") {
    out.stmt = body.size() == 1 ? body.front() : f->body;
    return out;
  }
  if (kind == "expr" && body.size() == 1)
    if (const auto* r = body.front()->As<ir::ReturnStmt>(); r && r->values.size() == 1) {
      out.expr = r->values.front();
      return out;
    }
  ir::ThrowUser({}, "deserialize: unknown or malformed node kind '" + std::string(kind) + "'");
}

}  // namespace tilesplit::dsl
