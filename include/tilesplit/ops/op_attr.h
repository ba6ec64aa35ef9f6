// Operator attributes by layer (TVM's Op::GetAttrMap). The record, ops::OpDef, holds what every
// layer needs of an operator: its schema, its type deduction, its memory contract and the traits
// the passes ask. What one layer above ops knows of an operator is that layer's own typed
// attribute, declared and attached by it through the operator's handle: the simulator's execution
// semantics (semantics/semantics.h), the split's halving rule (transforms/vector_split), a code
// emitter's template. The record does not change when a layer adds one, and the layer names no
// operator by a string (the handles of op_names.def do not compile when misspelt).
//
// Each attribute says which operators must carry it and, for each one that is exempt, why: the
// registry-wide test (OpAttrs.EveryRequiredAttributeIsCarriedOrExcused) walks every declared
// attribute over every operator, so an operator added without its semantics or its halving rule
// fails there, naming both.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tilesplit/ir/error.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/op_handle.h"

namespace tilesplit::ops {

// What every attribute answers, whatever its value type: for the completeness test and the
// operator table.
class OpAttrInfo {
 public:
  OpAttrInfo(std::string name, std::string layer, std::function<bool(const OpDef&)> required)
      : name_(std::move(name)), layer_(std::move(layer)), required_(std::move(required)) {}
  virtual ~OpAttrInfo() = default;
  OpAttrInfo(const OpAttrInfo&) = delete;
  OpAttrInfo& operator=(const OpAttrInfo&) = delete;

  const std::string& name() const { return name_; }
  const std::string& layer() const { return layer_; }
  // Whether `op` must carry this attribute (unless excused).
  bool Required(const OpDef& op) const { return required_ && required_(op); }
  virtual bool Has(const OpDef& op) const = 0;
  // Why `op` carries none although the attribute's rule asks for one; null when not excused.
  const std::string* WhyNot(const OpDef& op) const {
    auto it = excused_.find(op.name());
    return it == excused_.end() ? nullptr : &it->second;
  }
  // Records that `op` carries no value, and why (an operator the layer cannot or need not serve).
  void Excuse(OpHandle op, std::string why) {
    if (!excused_.emplace(std::string(op.name), std::move(why)).second)
      ir::ThrowInternal({}, name_ + ": '" + std::string(op.name) + "' excused twice");
  }

 private:
  std::string name_, layer_;
  std::function<bool(const OpDef&)> required_;
  std::map<std::string, std::string, std::less<>> excused_;
};

// An attribute with values of type T, one per operator at most. Values are kept by the record's
// index (OpDef::index()), so reading one costs an array access: the interpreter asks for the
// semantics of every call it executes.
template <typename T>
class OpAttr : public OpAttrInfo {
 public:
  using OpAttrInfo::OpAttrInfo;

  // Attaches `value` to `op`; an internal error when the operator already has one.
  void Set(OpHandle op, T value) { Set(op.def(), std::move(value)); }
  void Set(const OpDef& def, T value) {
    const size_t i = def.index();
    if (i >= values_.size()) values_.resize(i + 1);
    if (values_[i]) ir::ThrowInternal({}, name() + " of '" + def.name() + "' set twice");
    values_[i] = std::move(value);
  }
  // The value attached to `def`, or null.
  const T* Get(const OpDef& def) const {
    const size_t i = def.index();
    return i < values_.size() && values_[i] ? &*values_[i] : nullptr;
  }
  bool Has(const OpDef& def) const override { return Get(def) != nullptr; }

 private:
  std::vector<std::optional<T>> values_;
};

// Every attribute the layers linked into this program have declared, in declaration order. A
// layer declares its attribute once (a function-local static, made and filled on first use) and
// adds it here; OpAttrs.* then hold every operator to it.
std::vector<const OpAttrInfo*>& DeclaredOpAttrs();

}  // namespace tilesplit::ops
