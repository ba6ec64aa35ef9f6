// What machine-readable diagnostics want of a UserError beyond its text: the rule the input
// broke, as a stable id (SARIF ruleId), and the further independent errors found in the same
// input (the parser goes on with the next function after an error). Kept apart from error.h so
// that the many throwers of UserError need not know about it.
#pragma once

#include <string>
#include <vector>

#include "tilesplit/ir/error.h"

namespace tilesplit::ir {

class DetailedUserError : public UserError {
 public:
  DetailedUserError(const UserError& e, std::string rule) : UserError(e), rule_(std::move(rule)) {
    if (const auto* d = dynamic_cast<const DetailedUserError*>(&e)) further_ = d->further_;
  }
  // "dsl.parse", "pass.lower-auto-vector-split", "property.AivSplitValid", ...
  const std::string& rule() const { return rule_; }
  const std::vector<UserError>& further() const { return further_; }
  void AddFurther(const UserError& e) { further_.push_back(e); }

 private:
  std::string rule_;
  std::vector<UserError> further_;
};

// The rule of `e`, or "" when no stage named one.
inline std::string RuleOf(const UserError& e) {
  const auto* d = dynamic_cast<const DetailedUserError*>(&e);
  return d ? d->rule() : std::string();
}
// The further errors of `e` (empty for a plain UserError).
inline std::vector<UserError> FurtherOf(const UserError& e) {
  const auto* d = dynamic_cast<const DetailedUserError*>(&e);
  return d ? d->further() : std::vector<UserError>();
}
// `e` with `rule`, unless it names one already.
inline DetailedUserError WithRule(const UserError& e, std::string rule) {
  const std::string existing = RuleOf(e);
  return DetailedUserError(e, existing.empty() ? std::move(rule) : existing);
}

}  // namespace tilesplit::ir
