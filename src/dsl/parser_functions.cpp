// A function: its decorator and keywords, its signature and body, and the attrs of the
// decorator and of pl.func_attr (dsl.md 4).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "parser_impl.h"
#include "tilesplit/ir/error_info.h"
#include "tilesplit/ir/function_attrs.h"
#include "tilesplit/ir/suggest.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::dsl::detail {

// ---- Functions.

namespace {

struct DerivedPair {
  std::optional<ir::Level> level;
  std::optional<ir::Role> role;
};

DerivedPair DerivedLevelRole(ir::FunctionType t) {
  using ir::FunctionType;
  using ir::Level;
  using ir::Role;
  switch (t) {
    case FunctionType::Opaque:
      return {};
    case FunctionType::Orchestration:
      return {Level::CHIP, Role::Orchestrator};
    case FunctionType::InCore:
      return {Level::CHIP_DIE, Role::SubWorker};
    case FunctionType::AIC:
      return {Level::AIC, Role::SubWorker};
    case FunctionType::AIV:
      return {Level::AIV, Role::SubWorker};
    case FunctionType::Group:
      return {Level::CORE_GROUP, Role::SubWorker};
    case FunctionType::Inline:
    case FunctionType::Graph:
      return {};
  }
  return {};
}

}  // namespace

bool Parser::ParseStrictSSAValue() {
  Literal lit = ParseLiteral();
  if (lit.kind != Literal::Kind::Bool)
    ir::ThrowUser(lit.span, "strict_ssa= takes True or False, got " + lit.text());
  return lit.bool_value;
}

ir::FunctionPtr Parser::ParseFunction(bool in_class) {
  // Decorator.
  // Copies: the body's statements release the tokens before them.
  const Token at = Expect(Tok::kAt, "before a function");
  if (CheckPl("jit"))
    ir::ThrowUser(Peek(2).span,
                  "a @pl.jit function takes the shapes and dtypes of its parameters from the "
                  "tensors it is called with, which a file alone does not give",
                  {{{},
                    "run the script with Python (PYTHONPATH=build/python python3 FILE), or write "
                    "@pl.function with the parameters' shapes annotated to read it here"}});
  if (!CheckPl("function"))
    ir::ThrowUser(Peek().span,
                  "expected the decorator '@pl.function', got " + DescribeToken(Peek()));
  Next();
  Next();
  Next();
  ir::FunctionType ftype = ir::FunctionType::Opaque;
  ir::AttrMap attrs;
  std::vector<std::string> attr_keys;
  std::optional<std::pair<ir::Level, Span>> level;
  std::optional<std::pair<ir::Role, Span>> role;
  bool strict_ssa = program_strict_ssa_;
  bool type_given = false;
  std::optional<std::pair<std::string, Span>> external;
  if (Accept(Tok::kLParen)) {
    static const KeywordSchema schema{
        .name_context = "as a @pl.function keyword",
        .assign_context = "after the keyword",
        .noun = "@pl.function keyword",
        .twice_note = "remove one of them",
        .unknown = [](const Token& kw, const std::vector<Keyword>& known) {
          ir::ThrowUser(kw.span,
                        "unknown @pl.function keyword '" + std::string(kw.text) + "' (expected " +
                            KeywordList(known) + ")",
                        {{{}, "use " + KeywordList(known, "=") + ", or remove the keyword"}});
        }};
    ParseKeywordList(
        schema,
        {{"type",
          [&](const Token&) {
            Literal lit = ParseEnumRef();
            if (lit.enum_type != "FunctionType")
              ir::ThrowUser(lit.span, "type= takes a pl.FunctionType value, got " + lit.text());
            auto t = ir::FunctionTypeFromName(lit.enum_value);
            if (!t)
              ir::ThrowUser(
                  lit.span,
                  "unknown or unsupported function type '" + std::string(lit.enum_value) + "'",
                  OrNote(SuggestMember("FunctionType", lit.enum_value),
                         "use one of the pl.FunctionType members: Opaque, Orchestration, InCore, "
                         "AIC, AIV, Group or Inline"));
            ftype = *t;
            type_given = true;
          }},
         {"auto_scope",
          [&](const Token&) {
            // PyPTO wraps an orchestration body in an implicit pl.scope() unless this is False.
            // A runtime scope keeps no node here (docs/task-model.md), so the value is checked and
            // changes nothing the program computes.
            Literal lit = ParseLiteral();
            if (lit.kind != Literal::Kind::Bool)
              ir::ThrowUser(lit.span, "auto_scope= takes True or False, got " + lit.text(),
                            {{{}, "write auto_scope=False, or remove the keyword"}});
          }},
         {"attrs", [&](const Token&) { ParseAttrDict(&attrs, &attr_keys); }},
         {"level",
          [&](const Token&) {
            auto [l, lit] = ParseEnumValue("level=", "Level", &ir::LevelFromName);
            level = {l, lit.span};
          }},
         {"role",
          [&](const Token&) {
            auto [r, lit] = ParseEnumValue("role=", "Role", &ir::RoleFromName);
            role = {r, lit.span};
          }},
         {"strict_ssa",
          [&](const Token&) {
            // As in PyPTO, the keyword of a method is not read: the program's decides.
            const bool strict = ParseStrictSSAValue();
            if (!in_class) strict_ssa = strict;
          }},
         {"external_source", [&](const Token& kw) {
            Literal lit = ParseLiteral();
            if (lit.kind != Literal::Kind::String || lit.string_value.empty())
              ir::ThrowUser(lit.span,
                            "external_source= takes the path of the function's source file, got " +
                                lit.text(),
                            {{{}, "write e.g. external_source=\"kernels/my_kernel.cpp\""}});
            external = {lit.string_value, kw.span};
          }}});
    Expect(Tok::kRParen, "closing @pl.function(...)");
  }
  ExpectNewline("after the decorator");
  // Without type=, level= and role= name the function type that implies them (PyPTO's
  // `@pl.function(level=pl.Level.CHIP, role=pl.Role.Orchestrator)` is an Orchestration function).
  // Only a pair that one type implies names it: role=SubWorker alone fits four.
  if (!type_given && (level || role)) {
    std::vector<ir::FunctionType> fits;
    for (ir::FunctionType t :
         {ir::FunctionType::Orchestration, ir::FunctionType::InCore, ir::FunctionType::AIC,
          ir::FunctionType::AIV, ir::FunctionType::Group}) {
      const DerivedPair d = DerivedLevelRole(t);
      if ((!level || d.level == level->first) && (!role || d.role == role->first))
        fits.push_back(t);
    }
    if (fits.size() > 1)
      ir::ThrowUser(role ? role->second : level->second,
                    "role " + std::string(ir::RoleName(role->first)) +
                        " without level= fits several function types",
                    {{{}, "add level= (or write type=) to say which function this is"}});
    if (fits.size() == 1) ftype = fits[0];
  }
  if (!type_given && (level || role) && ftype == ir::FunctionType::Opaque) {
    std::string pair = level ? "level " + std::string(ir::LevelName(level->first)) : "";
    if (role)
      pair += (pair.empty() ? "role " : " and role ") + std::string(ir::RoleName(role->first));
    ir::ThrowUser(level ? level->second : role->second, "no function type implies " + pair,
                  {{{},
                    "write type= instead (pl.Level.CHIP with pl.Role.Orchestrator is an "
                    "Orchestration function)"}});
  }
  cur_ftype_ = ftype;
  DerivedPair derived = DerivedLevelRole(ftype);
  const std::string tname(ir::FunctionTypeName(ftype));
  if (level && (!derived.level || *derived.level != level->first))
    ir::ThrowUser(
        level->second,
        "level " + std::string(ir::LevelName(level->first)) + " does not match function type " +
            tname + " (which implies " +
            (derived.level ? "level " + std::string(ir::LevelName(*derived.level))
                           : std::string("no level")) +
            ")",
        {{{}, "remove level=, or change type= to a function type that implies this level"}});
  if (role && (!derived.role || *derived.role != role->first))
    ir::ThrowUser(
        role->second,
        "role " + std::string(ir::RoleName(role->first)) + " does not match function type " +
            tname + " (which implies " +
            (derived.role ? "role " + std::string(ir::RoleName(*derived.role))
                          : std::string("no role")) +
            ")",
        {{{}, "remove role=, or change type= to a function type that implies this role"}});

  // Signature.
  const Token def = Expect(Tok::kDef, "after the decorator");
  (void)def;
  const Token name = ExpectName("after 'def'");
  cur_fname_ = name.text;
  Expect(Tok::kLParen, "after the function name");
  names_.BeginFunction(strict_ssa);
  fn_ = FunctionState{};
  region_mode_.reset();
  std::vector<ir::Param> params;
  bool first = true;
  while (!Check(Tok::kRParen)) {
    if (Check(Tok::kStar))
      ir::ThrowUser(Peek().span, "'*' parameters are not supported; declare each parameter");
    const Token& pname = ExpectName("as a parameter name");
    if (pname.text == "self" && first && !Check(Tok::kColon)) {
      first = false;
      if (!Accept(Tok::kComma)) break;
      continue;
    }
    first = false;
    if (!Check(Tok::kColon))
      ir::ThrowUser(
          pname.span, "parameter '" + std::string(pname.text) + "' needs a type annotation",
          {{{},
            "annotate it, e.g. '" + std::string(pname.text) + ": pl.Tensor[[64, 64], pl.FP32]'"}});
    Next();
    ir::ParamDirection dir = ir::ParamDirection::In;
    Span dir_span = Peek().span;
    bool wrapped = false;
    if (CheckPl("Out") || CheckPl("InOut")) {
      dir = CheckPl("Out") ? ir::ParamDirection::Out : ir::ParamDirection::InOut;
      Next();
      Next();
      Next();
      Expect(Tok::kLBracket, dir == ir::ParamDirection::Out ? "after pl.Out" : "after pl.InOut");
      wrapped = true;
    }
    names_.AllowNewDynamic(true);
    TypeAnn ann = ParseType();
    names_.AllowNewDynamic(false);
    if (wrapped) {
      Expect(Tok::kRBracket, "closing the direction wrapper");
      if (ann.type->kind != ir::TypeKind::Tensor && ann.type->kind != ir::TypeKind::Tile)
        ir::ThrowUser(
            dir_span,
            std::string(dir == ir::ParamDirection::Out ? "pl.Out" : "pl.InOut") +
                " may wrap only a Tensor or a Tile, not " + ir::TypeToString(ann.type),
            {{{}, "remove the pl.Out / pl.InOut wrapper: a scalar parameter is an input"}});
    }
    if (Check(Tok::kAssign))
      ir::ThrowUser(Peek().span,
                    "parameter '" + std::string(pname.text) +
                        "' has a default value; defaults are not supported",
                    {{{}, "remove the default value"}});
    if (pname.text == "self" || pname.text == "pl" || pname.text == "pld" || pname.text == "_")
      ir::ThrowUser(pname.span, "'" + std::string(pname.text) + "' cannot name a parameter");
    if (names_.Current().names.count(pname.text))
      ir::ThrowUser(pname.span, "duplicate parameter '" + std::string(pname.text) + "'");
    if (names_.IsDynamic(pname.text))
      ir::ThrowUser(pname.span, "parameter '" + std::string(pname.text) +
                                    "' has the name of a dynamic dimension");
    VarPtr v = ir::MakeVar(std::string(pname.text), ann.type, pname.span);
    names_.Current().names.emplace(pname.text, Binding{v, false});
    params.push_back({v, dir});
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRParen, "closing the parameter list");
  if (Accept(Tok::kArrow)) {
    names_.AllowNewDynamic(true);
    std::vector<TypePtr> rets;
    if (CheckName("tuple") && Check(Tok::kLBracket, 1)) {
      Span tspan = Next().span;
      Next();
      while (!Check(Tok::kRBracket)) {
        rets.push_back(ParseType().type);
        if (!Accept(Tok::kComma)) break;
      }
      Expect(Tok::kRBracket, "closing tuple[...]");
      if (rets.size() < 2)
        ir::ThrowUser(tspan, "tuple[...] return annotation needs at least two types");
    } else {
      rets.push_back(ParseType().type);
    }
    names_.AllowNewDynamic(false);
    fn_.declared_returns = std::move(rets);
  }
  Expect(Tok::kColon, "after the function signature");
  ExpectNewline("after the function signature");
  Expect(Tok::kIndent, "for the function body");

  // Body: docstring, pl.func_attr statements, statements.
  while (AtDocstring()) {
    Next();
    Next();
  }
  while (CheckPl("func_attr")) {
    Next();
    Next();
    Next();
    Expect(Tok::kLParen, "after pl.func_attr");
    ParseAttrDict(&attrs, &attr_keys);
    Expect(Tok::kRParen, "closing pl.func_attr(...)");
    ExpectNewline("after pl.func_attr(...)");
    while (AtDocstring()) {
      Next();
      Next();
    }
  }
  Block body;
  statement_errors_.clear();
  poisoned_.clear();
  callee_failed_ = false;
  if (external || AtEllipsisBody()) {
    // A signature-only function: its body is the external source's, written `...` here.
    if (!external)
      ir::ThrowUser(
          Peek().span,
          "a body of '...' declares a function implemented elsewhere, but '" +
              std::string(name.text) + "' names no source",
          {{{}, "add external_source=\"FILE.cpp\" to its @pl.function, or write the body"}});
    if (!AtEllipsisBody())
      ir::ThrowUser(Peek().span,
                    "'" + std::string(name.text) + "' is implemented in " + external->first +
                        " (external_source=), so its body must be '...' alone",
                    {{{}, "replace the body with '...', or remove external_source="}});
    for (int i = 0; i < 3; ++i) Next();
    ExpectNewline("after '...'");
    Expect(Tok::kDedent, "at the end of the function body");
    attrs.emplace_back(std::string(ir::kExternalSourceAttr), external->first);
    std::sort(attrs.begin(), attrs.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<TypePtr> returns = fn_.declared_returns.value_or(std::vector<TypePtr>{});
    return std::make_shared<ir::Function>(std::string(name.text), ftype, std::move(params),
                                          std::move(returns), std::move(attrs),
                                          ir::MakeSeq({}, name.span), name.span);
  }
  try {
    if (!Check(Tok::kDedent)) ParseBlockItems(BlockKind::Function, body);
  } catch (const ir::UserError& e) {
    // An error no statement recovers from (in a compound statement) ends the body; the errors of
    // the simple statements before it stand. A lexical error is met again by the caller, which
    // reads on, and merged there.
    const bool lexical = IsLexicalError(e);
    if (statement_errors_.empty() && (lexical || !callee_failed_)) throw;
    if (!lexical && !dynamic_cast<const CalleeFailed*>(&e)) {
      statement_errors_.push_back(e);
      for (const ir::UserError& f : ir::FurtherOf(e)) statement_errors_.push_back(f);
    }
    ThrowStatementErrors(name.span);
  }
  // Statements were dropped: the function cannot be built, only its errors reported.
  ThrowStatementErrors(name.span);
  Expect(Tok::kDedent, "at the end of the function body");

  std::vector<TypePtr> returns;
  if (fn_.declared_returns)
    returns = *fn_.declared_returns;
  else if (fn_.inferred_returns)
    returns = *fn_.inferred_returns;
  (void)in_class;
  Span fspan = name.span;
  (void)at;
  return std::make_shared<ir::Function>(std::string(name.text), ftype, std::move(params),
                                        std::move(returns), std::move(attrs),
                                        ir::MakeSeq(std::move(body.stmts), fspan), fspan);
}

// ---- Attrs.

ir::AttrValue Parser::AttrFromLiteral(const std::string& key, const Literal& lit) {
  using K = Literal::Kind;
  if (key == ir::fattr::kSplit.key) {
    if (lit.kind == K::Int) {
      if (lit.int_value < 0 || lit.int_value > 2)
        ir::ThrowUser(lit.span,
                      "attr \"split\" must be a pl.SplitMode or 0, 1, 2; got " + lit.text());
      return static_cast<ir::SplitMode>(lit.int_value);
    }
    if (lit.kind == K::Enum && lit.enum_type == "SplitMode") {
      auto m = ir::SplitModeFromName(lit.enum_value);
      if (!m)
        ir::ThrowUser(lit.span, "unknown split mode '" + std::string(lit.enum_value) + "'",
                      SuggestMember("SplitMode", lit.enum_value));
      return *m;
    }
    ir::ThrowUser(lit.span, "attr \"split\" must be a pl.SplitMode, got " + lit.text());
  }
  if (key == ir::fattr::kSplitAiv.key || key == ir::fattr::kDualAivDispatch.key) {
    if (lit.kind != K::Bool)
      ir::ThrowUser(lit.span, "attr \"" + key + "\" must be True or False, got " + lit.text());
    return lit.bool_value;
  }
  switch (lit.kind) {
    case K::Int:
      return lit.int_value;
    case K::Float:
      return lit.float_value;
    case K::Bool:
      return lit.bool_value;
    case K::String:
      return lit.string_value;
    case K::DType:
      return lit.dtype;
    case K::Enum:
      if (lit.enum_type == "Mem" || lit.enum_type == "MemorySpace") {
        auto m = ir::MemorySpaceFromName(lit.enum_value);
        if (!m)
          ir::ThrowUser(lit.span, "unknown memory space '" + std::string(lit.enum_value) + "'",
                        {{{}, "use a pl.Mem member such as pl.Mem.Vec"}});
        return *m;
      }
      if (lit.enum_type == "SplitMode") {
        auto m = ir::SplitModeFromName(lit.enum_value);
        if (!m) ir::ThrowUser(lit.span, "unknown split mode '" + std::string(lit.enum_value) + "'");
        return *m;
      }
      break;
  }
  ir::ThrowUser(lit.span, "attr \"" + key + "\" has unsupported value " + lit.text() +
                              " (allowed: int, float, bool, string, data type, memory space, "
                              "split mode)");
}

// The function attributes an author may write (ir/function_attrs.def). Any other key would be
// silently ignored, so a misspelt one ("splitt") would drop the split without a word; it is
// rejected instead.
namespace {
const std::vector<std::string>& KnownFunctionAttrs() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k;
    for (const ir::FunctionAttrInfo& a : ir::FunctionAttrs())
      if (a.authored) k.emplace_back(a.key);
    return k;
  }();
  return keys;
}
}  // namespace

ir::AttrMap Parser::ParseAttrDict(ir::AttrMap* merge_into, std::vector<std::string>* seen_keys) {
  Expect(Tok::kLBrace, "opening the attrs dict");
  while (!Check(Tok::kRBrace)) {
    const Token& k = Expect(Tok::kString, "as an attr key");
    std::string key = Str(k);
    const auto& known = KnownFunctionAttrs();
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      std::string list;
      for (const std::string& n : known) list += (list.empty() ? "" : ", ") + n;
      std::string dym = ir::DidYouMean(key, known);
      ir::ThrowUser(
          k.span, "unknown function attribute \"" + key + "\"",
          {{{}, dym.empty() ? "known attributes: " + list : dym + " (known: " + list + ")"}});
    }
    for (const std::string& s : *seen_keys)
      if (s == key) RefuseGivenTwice(k.span, "attr key \"" + key + "\"", "remove one of them");
    seen_keys->push_back(key);
    Expect(Tok::kColon, "after the attr key");
    if (!AtLiteral() && !AtEnumRef() && !AtDType())
      ir::ThrowUser(Peek().span,
                    "attr \"" + key + "\" needs a literal value, got " + DescribeToken(Peek()));
    Literal lit = ParseLiteral();
    ir::AttrValue value = AttrFromLiteral(key, lit);
    // A value of another kind, or below the least the table allows (a ring of no slots would
    // never carry a transfer), is refused where it is written rather than by the pass that
    // reads it, which only sees the kernels that get that far.
    if (std::string why = ir::CheckFunctionAttr(key, value); !why.empty()) {
      const ir::FunctionAttrInfo& info = *ir::FindFunctionAttr(key);
      ir::ThrowUser(lit.span, why,
                    {{{},
                      key == ir::fattr::kSlotNum.key
                          ? std::string("give the number of slots of each pipe's ring (1 or "
                                        "more), or leave the attribute out and "
                                        "expand-mixed-kernel sizes the rings itself")
                          : "give \"" + key + "\" a value of its kind: " + std::string(info.doc)}});
    }
    ir::SetSortedAttr(*merge_into, key, std::move(value));
    if (!Accept(Tok::kComma)) break;
  }
  Expect(Tok::kRBrace, "closing the attrs dict");
  return *merge_into;
}

}  // namespace tilesplit::dsl::detail
