// Shared by the operator-semantics tests: one small kernel run on the reference interpreter, its
// input tensors filled by the test (a marker value stands for poison) and its outputs read back.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "tilesplit/dsl/parser.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/sim/check.h"

namespace tilesplit::sim::testing {

// Marks an input element that holds poison (undefined data).
inline constexpr double kPoison = -12345.678;

inline uint32_t Bits(float v) {
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

inline float FromBits(uint32_t b) {
  float v;
  std::memcpy(&v, &b, 4);
  return v;
}

struct KernelRun {
  ir::ProgramPtr program;
  std::map<std::string, Value> args;

  explicit KernelRun(const std::string& body, const std::string& file = "kernel_run_test.py") {
    program = dsl::Parse("import pypto.language as pl\n" + body, file);
  }
  void In(const std::string& name, ir::DataType dt, std::vector<int64_t> shape,
          const std::vector<double>& values) {
    TensorPtr t = MakeTensor(name, dt, shape, /*poison=*/false);
    EXPECT_EQ(static_cast<size_t>(NumElements(shape)), values.size()) << name;
    for (size_t i = 0; i < values.size() && i < t->data.size(); ++i) {
      if (values[i] == kPoison)
        t->data.SetPoison(i);
      else if (t->data.kind == StorageKind::F32)
        t->data.f[i] = RoundToDType(dt, static_cast<float>(values[i]));
      else
        t->data.i[i] = WrapToDType(dt, static_cast<int64_t>(values[i]));
    }
    args[name] = Value(t);
  }
  // An FP32 input given as raw bit patterns.
  void InBits(const std::string& name, std::vector<int64_t> shape,
              const std::vector<uint32_t>& bits) {
    TensorPtr t = MakeTensor(name, ir::DataType::FP32, shape, /*poison=*/false);
    ASSERT_EQ(t->data.size(), bits.size());
    for (size_t i = 0; i < bits.size(); ++i) t->data.f[i] = FromBits(bits[i]);
    args[name] = Value(t);
  }
  void Out(const std::string& name, ir::DataType dt, std::vector<int64_t> shape) {
    args[name] = Value(MakeTensor(name, dt, std::move(shape), /*poison=*/true));
  }
  void Go() {
    GroupOutcome o = RunKernel(*program, program->functions.front()->name, args);
    ASSERT_EQ(o.kind, GroupOutcome::Kind::Ok) << o.Describe();
  }
  // Runs and expects a located fault whose message contains `fragment`.
  void ExpectFault(const std::string& fragment) {
    try {
      RunKernel(*program, program->functions.front()->name, args);
      ADD_FAILURE() << "expected a fault containing '" << fragment << "'";
    } catch (const ir::UserError& e) {
      EXPECT_NE(e.message().find(fragment), std::string::npos) << e.message();
      EXPECT_GT(e.span().line, 0u) << "the fault is located";
    }
  }
  const TensorValue& T(const std::string& name) { return **args.at(name).tensor(); }
  bool Poison(const std::string& name, size_t i) { return T(name).data.IsPoison(i); }
  float F(const std::string& name, size_t i) { return T(name).data.f[i]; }
  int64_t I(const std::string& name, size_t i) { return T(name).data.i[i]; }
};

}  // namespace tilesplit::sim::testing
