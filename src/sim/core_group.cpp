// Core-group executor: scheduling, pipes, band placement, deadlock detection.
//
// Every core runs on its own thread, but only the core holding the turn executes; the turn moves
// when the holder blocks or finishes, and, under a preemptive schedule, before a statement. The
// schedule alone decides every hand-over, so a run is deterministic and shared state (GM tensors,
// pipes) needs no finer locking than the hand-over itself.
#include "tilesplit/sim/core_group.h"

#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "tilesplit/ops/split_code.h"
#include "tilesplit/sim/interpreter.h"

namespace tilesplit::sim {

namespace {

using ops::CopyRegion;
using ops::CoreKind;

// Thrown inside a core thread to unwind it when the group stops (deadlock or another core's
// fault); never escapes the thread.
struct StopCore {};

enum class SlotState { Empty, Filling, Ready };

struct Slot {
  SlotState state = SlotState::Empty;
  int64_t seq = 0;  // the transfer number this slot holds or waits for
  int64_t code = 0;
  TilePtr full;                                // C2V: the pushed tile
  TilePtr half[2];                             // V2C: each lane's half
  unsigned pushed = 0, popped = 0, freed = 0;  // lane bit masks
};

// A ring of `size` slots; transfer #seq uses slot seq % size. Slots are made on first use (slot
// i starts out waiting for transfer #i): the DSL accepts any slot_num from 1 up, and a ring
// allocated whole for slot_num=2147483647 would exhaust memory before the program ran.
struct Pipe {
  std::map<int64_t, Slot> slots;  // by ring index; only those used so far
  int64_t size;
  int64_t push_seq[2] = {0, 0};  // C2V: [0] is the AIC; V2C: per lane
  int64_t pop_seq[2] = {0, 0};   // C2V: per lane; V2C: [0] is the AIC
  explicit Pipe(int64_t n) : size(n) {}
  Slot& at(int64_t seq) {
    const int64_t i = seq % size;
    auto it = slots.find(i);
    if (it == slots.end()) {
      it = slots.emplace(i, Slot{}).first;
      it->second.seq = i;
    }
    return it->second;
  }
};

std::string Trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t\r");
  return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

class Group;

// One core's view of the pipes.
class CorePort : public ops::TransportPort {
 public:
  CorePort(Group& g, int core) : g_(g), core_(core) {}
  void PushToAiv(int64_t id, int64_t code, const TilePtr& t, ir::Span span) override;
  TilePtr PopFromAic(int64_t id, int64_t code, const TileValue& lane, ir::Span span) override;
  void FreeToAic(int64_t id, const TileValue& popped, ir::Span span) override;
  void PushToAic(int64_t id, int64_t code, const TilePtr& half, ir::Span span) override;
  TilePtr PopFromAiv(int64_t id, int64_t code, const TileValue& full, ir::Span span) override;
  void FreeToAiv(int64_t id, const TileValue& popped, ir::Span span) override;
  void Step() override;
  void Barrier(ops::BarrierCores who, int64_t used_cores, ir::Span span) override;

 private:
  Group& g_;
  int core_;
};

struct Core {
  std::string label;
  const ir::Function* func = nullptr;
  ops::ExecContext ctx;
  std::unique_ptr<CorePort> port;
  std::unique_ptr<Interpreter> interp;
  enum class State { Running, Blocked, Done, Faulted } state = State::Running;
  uint64_t blocked_at = 0;
  std::vector<Value> returned;
};

class Group {
 public:
  Group(const GroupSpec& spec) : spec_(spec) {}

  // `aiv_args`, when given, are the AIV program's arguments (else it shares `args`).
  GroupOutcome Run(const std::map<std::string, Value>& args,
                   const std::map<std::string, Value>* aiv_args = nullptr);

  // ---- Used by CorePort (always on the thread holding the turn).
  // Blocks core `i` until `ready()` holds, letting the other cores run meanwhile.
  template <typename Pred>
  void WaitUntil(int i, Pred ready);
  void Progress() { ++progress_; }
  // A schedule point of core `i`: under a preemptive schedule another core may take the turn.
  void Step(int i);
  // system.syncall on core `i`: arrive at the barrier of `who`, wait for the rest of them.
  void Barrier(int i, ops::BarrierCores who, int64_t used_cores, ir::Span span);
  Pipe& C2V(int64_t id) { return Get(c2v_, id); }
  Pipe& V2C(int64_t id) { return Get(v2c_, id); }
  int lanes() const { return lanes_; }
  unsigned all_lanes() const { return lanes_ == 2 ? 3u : 1u; }
  Core& core(int i) { return cores_[static_cast<size_t>(i)]; }

 private:
  Pipe& Get(std::map<int64_t, Pipe>& m, int64_t id) {
    auto it = m.find(id);
    if (it == m.end()) it = m.emplace(id, Pipe(spec_.slot_num)).first;
    return it->second;
  }
  void CoreMain(int i, const std::map<std::string, Value>& args);
  void PassTurn(int from);  // with mu_ held
  // Whether core `i` could make progress if given the turn: it is running, or it blocked before
  // the last change to the pipes.
  bool Eligible(int i) const;
  // The core the schedule picks among the eligible ones (`self` included when it is eligible);
  // -1 when none is. With mu_ held.
  int Pick();
  int Rank(int i) const;  // a priority schedule's order: lower goes first
  bool AllStuck() const;
  std::vector<CorePosition> Positions() const;
  std::optional<ir::UserError> Undrained();

  GroupSpec spec_;
  int lanes_ = 0;
  std::vector<Core> cores_;
  std::map<int64_t, Pipe> c2v_, v2c_;
  // Per barrier kind: the cores arrived in the current round, and the rounds completed.
  struct BarrierState {
    unsigned arrived = 0;
    uint64_t round = 0;
  };
  std::map<ops::BarrierCores, BarrierState> barriers_;
  std::mutex mu_;
  std::condition_variable cv_;
  int turn_ = 0;
  bool stop_ = false;
  bool deadlock_ = false;
  std::vector<CorePosition> deadlock_positions_;
  std::optional<ir::UserError> fault_;
  std::exception_ptr internal_;
  uint64_t progress_ = 0;
  uint64_t rng_ = 0;  // the Random schedule's generator state
};

template <typename Pred>
void Group::WaitUntil(int i, Pred ready) {
  std::unique_lock<std::mutex> lock(mu_);
  Core& me = cores_[static_cast<size_t>(i)];
  while (!ready()) {
    me.state = Core::State::Blocked;
    me.blocked_at = progress_;
    if (AllStuck()) {
      deadlock_ = true;
      deadlock_positions_ = Positions();
      stop_ = true;
      cv_.notify_all();
      throw StopCore{};
    }
    PassTurn(i);
    cv_.wait(lock, [&] { return stop_ || turn_ == i; });
    if (stop_) throw StopCore{};
    me.state = Core::State::Running;
  }
  me.state = Core::State::Running;
}

bool Group::AllStuck() const {
  for (const Core& c : cores_) {
    if (c.state == Core::State::Done || c.state == Core::State::Faulted) continue;
    if (c.state != Core::State::Blocked || c.blocked_at != progress_) return false;
  }
  return true;
}

bool Group::Eligible(int i) const {
  const Core& c = cores_[static_cast<size_t>(i)];
  return c.state == Core::State::Running ||
         (c.state == Core::State::Blocked && c.blocked_at != progress_);
}

int Group::Rank(int i) const {
  const Core& c = cores_[static_cast<size_t>(i)];
  if (c.ctx.core == CoreKind::AIC) return 2;
  const bool lane1_first = spec_.schedule.kind == Schedule::Kind::Lane1First;
  return (c.ctx.lane == 1) == lane1_first ? 0 : 1;
}

int Group::Pick() {
  std::vector<int> eligible;
  for (int j = 0; j < static_cast<int>(cores_.size()); ++j)
    if (Eligible(j)) eligible.push_back(j);
  if (eligible.empty()) return -1;
  if (spec_.schedule.kind == Schedule::Kind::Random) {
    // splitmix64: the same sequence on every host.
    uint64_t z = (rng_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return eligible[static_cast<size_t>(z % eligible.size())];
  }
  int best = eligible[0];
  for (int j : eligible)
    if (Rank(j) < Rank(best)) best = j;
  return best;
}

void Group::Step(int i) {
  if (spec_.schedule.kind == Schedule::Kind::CubeFirst) return;  // runs until it blocks
  std::unique_lock<std::mutex> lock(mu_);
  const int next = Pick();
  if (next < 0 || next == i) return;
  turn_ = next;
  cv_.notify_all();
  cv_.wait(lock, [&] { return stop_ || turn_ == i; });
  if (stop_) throw StopCore{};
}

void Group::PassTurn(int from) {
  const int n = static_cast<int>(cores_.size());
  if (spec_.schedule.kind != Schedule::Kind::CubeFirst) {
    // `from` has blocked or finished, so it is not eligible; with nobody eligible, any unfinished
    // core takes the turn and finds the group stuck.
    if (const int next = Pick(); next >= 0) {
      turn_ = next;
      cv_.notify_all();
      return;
    }
  }
  for (int k = 1; k <= n; ++k) {
    const int j = (from + k) % n;
    const Core& c = cores_[static_cast<size_t>(j)];
    if (c.state == Core::State::Done || c.state == Core::State::Faulted) continue;
    turn_ = j;
    cv_.notify_all();
    return;
  }
  turn_ = -1;  // everyone finished
  cv_.notify_all();
}

std::vector<CorePosition> Group::Positions() const {
  std::vector<CorePosition> r;
  for (const Core& c : cores_) {
    CorePosition p;
    p.core = c.label;
    p.function = c.func ? c.func->name : "?";
    p.state = c.state == Core::State::Done      ? "finished"
              : c.state == Core::State::Blocked ? "blocked"
              : c.state == Core::State::Faulted ? "faulted"
                                                : "running";
    if (const ir::Stmt* s = c.interp ? c.interp->statement() : nullptr) {
      p.span = s->span;
      if (s->span.valid()) p.statement = Trim(ir::SourceManager::Line(s->span.file, s->span.line));
    }
    r.push_back(std::move(p));
  }
  return r;
}

void Group::CoreMain(int i, const std::map<std::string, Value>& args) {
  Core& me = cores_[static_cast<size_t>(i)];
  try {
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [&] { return stop_ || turn_ == i; });
      if (stop_) return;
    }
    std::vector<Value> bound;
    for (const ir::Param& p : me.func->params) {
      auto it = args.find(p.var->name);
      if (it == args.end())
        ir::ThrowUser(p.var->span, "no argument for parameter '" + p.var->name + "' of '" +
                                       me.func->name + "' (parameters are bound by name)");
      bound.push_back(it->second);
    }
    me.returned = me.interp->Run(*me.func, bound);
    std::unique_lock<std::mutex> lock(mu_);
    me.state = Core::State::Done;
    PassTurn(i);
  } catch (const StopCore&) {
  } catch (const ir::UserError& e) {
    std::unique_lock<std::mutex> lock(mu_);
    me.state = Core::State::Faulted;
    if (!fault_) fault_ = e;
    stop_ = true;
    cv_.notify_all();
  } catch (...) {
    std::unique_lock<std::mutex> lock(mu_);
    me.state = Core::State::Faulted;
    if (!internal_) internal_ = std::current_exception();
    stop_ = true;
    cv_.notify_all();
  }
}

std::optional<ir::UserError> Group::Undrained() {
  auto check = [&](std::map<int64_t, Pipe>& m, const char* dir) -> std::optional<ir::UserError> {
    for (auto& [id, pipe] : m)
      for (const auto& [index, s] : pipe.slots)
        if (s.state != SlotState::Empty)
          return ir::UserError({}, std::string("the ") + dir + " pipe (id " + std::to_string(id) +
                                       ") still holds transfer #" + std::to_string(s.seq) +
                                       " when every core has finished: a push has no matching "
                                       "pop and tfree on every consumer");
    return std::nullopt;
  };
  if (auto e = check(c2v_, "C2V")) return e;
  return check(v2c_, "V2C");
}

GroupOutcome Group::Run(const std::map<std::string, Value>& args,
                        const std::map<std::string, Value>* aiv_args) {
  ops::SemanticsTable::Global();  // initialise before any thread looks it up
  if (spec_.slot_num < 1) ir::ThrowUser({}, "slot_num must be at least 1");
  lanes_ = spec_.Lanes();
  if (spec_.aic) {
    Core c;
    c.label = "AIC";
    c.func = spec_.aic;
    c.ctx.core = CoreKind::AIC;
    c.ctx.writer = Writer::AIC;
    cores_.push_back(std::move(c));
  }
  for (int l = 0; l < lanes_; ++l) {
    Core c;
    c.label = "AIV lane " + std::to_string(l);
    c.func = spec_.aiv;
    c.ctx.core = CoreKind::AIV;
    c.ctx.lane = l;
    c.ctx.writer = l == 0 ? Writer::AIV0 : Writer::AIV1;
    cores_.push_back(std::move(c));
  }
  for (size_t i = 0; i < cores_.size(); ++i) {
    cores_[i].port = std::make_unique<CorePort>(*this, static_cast<int>(i));
    cores_[i].ctx.port = cores_[i].port.get();
    cores_[i].ctx.budget = spec_.budget;
    cores_[i].ctx.block_idx = spec_.block_idx;
    cores_[i].ctx.block_num = spec_.block_num;
    cores_[i].interp = std::make_unique<Interpreter>(cores_[i].ctx);
  }
  rng_ = spec_.schedule.seed;
  turn_ = 0;
  if (spec_.schedule.kind != Schedule::Kind::CubeFirst && !cores_.empty()) turn_ = Pick();
  std::vector<std::thread> threads;
  for (size_t i = 0; i < cores_.size(); ++i)
    threads.emplace_back([this, i, &args, aiv_args] {
      const bool aiv = aiv_args && cores_[i].func == spec_.aiv;
      CoreMain(static_cast<int>(i), aiv ? *aiv_args : args);
    });
  for (std::thread& t : threads) t.join();
  if (internal_) std::rethrow_exception(internal_);
  GroupOutcome out;
  if (fault_) {
    out.kind = GroupOutcome::Kind::Fault;
    out.fault = fault_;
  } else if (deadlock_) {
    out.kind = GroupOutcome::Kind::Deadlock;
    out.positions = deadlock_positions_;
  } else if (auto e = Undrained()) {
    out.kind = GroupOutcome::Kind::Fault;
    out.fault = e;
  } else if (!cores_.empty()) {
    out.returned = cores_[0].returned;
  }
  return out;
}

// ---- Pipes and band placement.

int LaneOf(Group& g, int core) {
  return g.core(core).ctx.lane;
}

[[noreturn]] void Fault(ir::Span span, const std::string& m) {
  ir::ThrowUser(span, m);
}

void CheckCode(int64_t code, ir::Span span) {
  if (code < 0 || code > 4)
    Fault(span, "transport split code " + std::to_string(code) + " is not 0..4");
}

void CorePort::Step() {
  g_.Step(core_);
}

void CorePort::Barrier(ops::BarrierCores who, int64_t used_cores, ir::Span span) {
  g_.Barrier(core_, who, used_cores, span);
}

void Group::Barrier(int i, ops::BarrierCores who, int64_t used_cores, ir::Span span) {
  unsigned members = 0;
  int count = 0;
  for (size_t j = 0; j < cores_.size(); ++j) {
    const CoreKind k = cores_[j].ctx.core;
    if (who == ops::BarrierCores::All || (who == ops::BarrierCores::AIC) == (k == CoreKind::AIC)) {
      members |= 1u << j;
      ++count;
    }
  }
  const std::string name(ops::BarrierCoresName(who));
  if (!(members & (1u << i)))
    Fault(span, "syncall(core_type=\"" + name + "\") runs on " + core(i).label +
                    ", which is not one of the cores it joins");
  if (used_cores > 0 && used_cores != count)
    Fault(span, "syncall expects " + std::to_string(used_cores) +
                    " cores to meet, but the simulated core group runs " + std::to_string(count) +
                    " of core_type=\"" + name + "\"");
  BarrierState& b = barriers_[who];
  const uint64_t round = b.round;
  b.arrived |= 1u << i;
  if (b.arrived == members) {
    b.arrived = 0;
    ++b.round;
  }
  Progress();
  WaitUntil(i, [&] { return b.round != round; });
}

void CorePort::PushToAiv(int64_t id, int64_t code, const TilePtr& t, ir::Span span) {
  CheckCode(code, span);
  if (g_.lanes() == 0) Fault(span, "tpush_to_aiv: the group has no AIV program to pop it");
  Pipe& p = g_.C2V(id);
  const int64_t seq = p.push_seq[0];
  g_.WaitUntil(core_, [&] { return p.at(seq).state == SlotState::Empty && p.at(seq).seq == seq; });
  Slot& s = p.at(seq);
  s.full = t;
  s.code = code;
  s.state = SlotState::Ready;
  if (RunBudget* b = g_.core(core_).ctx.budget) {
    b->c2v_pushes.fetch_add(1, std::memory_order_relaxed);
    b->c2v_bytes.fetch_add(StorageBytes(t->dtype, t->shape), std::memory_order_relaxed);
  }
  s.popped = s.freed = 0;
  ++p.push_seq[0];
  g_.Progress();
}

// core-group.md 2.1: lane 0 reads from 0; lane 1 from its own extent e1 (codes 1, 2) or e1 + 1
// (codes 3, 4); code 0 gives every lane the whole tile. The non-split axis carries the full box.
TilePtr CorePort::PopFromAic(int64_t id, int64_t code, const TileValue& lane, ir::Span span) {
  CheckCode(code, span);
  Pipe& p = g_.C2V(id);
  const int l = LaneOf(g_, core_);
  const int64_t seq = p.pop_seq[l];
  g_.WaitUntil(core_, [&] { return p.at(seq).state == SlotState::Ready && p.at(seq).seq == seq; });
  Slot& s = p.at(seq);
  if (s.code != code)
    Fault(span, "tpop_from_aic(split=" + std::to_string(code) +
                    ") pops a tile pushed with split=" + std::to_string(s.code));
  const TileValue& full = *s.full;
  auto out = MakePoisonTile(lane.dtype, lane.mem, lane.shape, lane.valid);
  out->pipe_id = static_cast<int>(id);
  out->slot_seq = seq;
  if (out->data.kind != full.data.kind)
    Fault(span, "tpop_from_aic: dtype storage differs from the pushed tile");
  const size_t rank = full.shape.size();
  if (out->shape.size() != rank) Fault(span, "tpop_from_aic: rank differs from the pushed tile");
  std::vector<int64_t> src_off(rank, 0), dst_off(rank, 0), region = out->valid;
  if (auto axis = ops::SplitAxisFromSplitCode(code)) {
    if (rank != 2) Fault(span, "a split transport needs a 2D tile");
    const int64_t e = out->valid[static_cast<size_t>(*axis)];
    src_off[static_cast<size_t>(*axis)] = l == 0 ? 0 : (code >= 3 ? e + 1 : e);
  }
  CopyRegion(full.data, full.shape, src_off, out->data, out->shape, dst_off, region);
  PoisonOutsideValid(*out);
  s.popped |= 1u << l;
  ++p.pop_seq[l];
  g_.Progress();
  return out;
}

void CorePort::FreeToAic(int64_t id, const TileValue& popped, ir::Span span) {
  Pipe& p = g_.C2V(id);
  const int l = LaneOf(g_, core_);
  if (popped.slot_seq < 0 || popped.pipe_id != static_cast<int>(id))
    Fault(span, "tfree_to_aic of a tile that was not popped from C2V pipe " + std::to_string(id));
  Slot& s = p.at(popped.slot_seq);
  if (s.seq != popped.slot_seq || !(s.popped & (1u << l)) || (s.freed & (1u << l)))
    Fault(span, "tfree_to_aic releases transfer #" + std::to_string(popped.slot_seq) +
                    " twice or before popping it");
  s.freed |= 1u << l;
  if (s.freed == g_.all_lanes()) {  // both lanes must release a slot
    s.state = SlotState::Empty;
    s.full.reset();
    s.seq += p.size;
  }
  g_.Progress();
}

void CorePort::PushToAic(int64_t id, int64_t code, const TilePtr& half, ir::Span span) {
  CheckCode(code, span);
  if (!g_.core(0).func || g_.core(0).ctx.core != CoreKind::AIC)
    Fault(span, "tpush_to_aic: the group has no AIC program to pop it");
  Pipe& p = g_.V2C(id);
  const int l = LaneOf(g_, core_);
  const int64_t seq = p.push_seq[l];
  g_.WaitUntil(core_, [&] {
    const Slot& s = p.at(seq);
    return s.seq == seq && s.state != SlotState::Ready && !(s.pushed & (1u << l));
  });
  Slot& s = p.at(seq);
  if (s.state == SlotState::Empty) {
    s.pushed = s.popped = s.freed = 0;
    s.code = code;
  } else if (s.code != code) {
    Fault(span, "the two lanes push transfer #" + std::to_string(seq) +
                    " with different split codes (" + std::to_string(s.code) + " and " +
                    std::to_string(code) + ")");
  }
  s.half[l] = half;
  s.pushed |= 1u << l;
  if (RunBudget* b = g_.core(core_).ctx.budget) {
    b->v2c_pushes.fetch_add(1, std::memory_order_relaxed);
    b->v2c_bytes.fetch_add(StorageBytes(half->dtype, half->shape), std::memory_order_relaxed);
  }
  s.state = s.pushed == g_.all_lanes() ? SlotState::Ready : SlotState::Filling;
  ++p.push_seq[l];
  g_.Progress();
}

bool NothingValid(const TileValue& t) {
  for (int64_t e : t.valid)
    if (e <= 0) return true;
  return false;
}

bool SameData(const TileValue& a, const TileValue& b) {
  if (a.shape != b.shape || a.data.size() != b.data.size()) return false;
  for (size_t i = 0; i < a.data.size(); ++i)
    if (a.data.Bits(i) != b.data.Bits(i)) return false;
  return true;
}

// core-group.md 2.2: physically, lane L writes its band at L * (its own extent) on the split
// axis; with code 0 the lanes share the slot and lane 0's value is taken.
TilePtr CorePort::PopFromAiv(int64_t id, int64_t code, const TileValue& full, ir::Span span) {
  CheckCode(code, span);
  Pipe& p = g_.V2C(id);
  const int64_t seq = p.pop_seq[0];
  g_.WaitUntil(core_, [&] { return p.at(seq).state == SlotState::Ready && p.at(seq).seq == seq; });
  Slot& s = p.at(seq);
  if (s.code != code)
    Fault(span, "tpop_from_aiv(split=" + std::to_string(code) +
                    ") pops a tile pushed with split=" + std::to_string(s.code));
  auto out = MakePoisonTile(full.dtype, full.mem, full.shape, full.valid);
  out->pipe_id = static_cast<int>(id);
  out->slot_seq = seq;
  const size_t rank = out->shape.size();
  auto axis = ops::SplitAxisFromSplitCode(code);
  if (!axis) {
    // A push with nothing valid moves no data (the no-split replay's lane 1, dev page 23): the
    // cube receives the other lane's tile.
    const TileValue* pushed = s.half[0].get();
    if (g_.lanes() == 2) {
      const TileValue& h1 = *s.half[1];
      if (NothingValid(*pushed))
        pushed = &h1;
      else if (!NothingValid(h1) && !SameData(*pushed, h1))
        Fault(span, "lane-uniformity violation: both AIV lanes pushed transfer #" +
                        std::to_string(seq) +
                        " with split=0 and different data (the cube would "
                        "receive an unspecified one of them)");
    }
    const TileValue& h0 = *pushed;
    if (h0.data.kind != out->data.kind || h0.shape.size() != rank)
      Fault(span, "tpop_from_aiv: the pushed tile does not match the popped type");
    std::vector<int64_t> zero(rank, 0);
    CopyRegion(h0.data, h0.shape, zero, out->data, out->shape, zero, h0.valid);
  } else {
    if (rank != 2) Fault(span, "a split transport needs a 2D tile");
    for (int l = 0; l < g_.lanes(); ++l) {
      const TileValue& h = *s.half[l];
      if (h.data.kind != out->data.kind || h.shape.size() != rank)
        Fault(span, "tpop_from_aiv: a pushed half does not match the popped type");
      const size_t ax = static_cast<size_t>(*axis);
      const int64_t e = std::min(h.valid[ax], h.shape[ax]);
      std::vector<int64_t> zero(rank, 0), dst(rank, 0), region = h.shape;
      dst[ax] = l * e;
      region[ax] = e;
      CopyRegion(h.data, h.shape, zero, out->data, out->shape, dst, region);
    }
  }
  PoisonOutsideValid(*out);
  s.popped = 1;
  ++p.pop_seq[0];
  g_.Progress();
  return out;
}

void CorePort::FreeToAiv(int64_t id, const TileValue& popped, ir::Span span) {
  Pipe& p = g_.V2C(id);
  if (popped.slot_seq < 0 || popped.pipe_id != static_cast<int>(id))
    Fault(span, "tfree_to_aiv of a tile that was not popped from V2C pipe " + std::to_string(id));
  Slot& s = p.at(popped.slot_seq);
  if (s.seq != popped.slot_seq || s.state != SlotState::Ready || !s.popped)
    Fault(span, "tfree_to_aiv releases transfer #" + std::to_string(popped.slot_seq) +
                    " twice or before popping it");
  s.state = SlotState::Empty;
  s.half[0].reset();
  s.half[1].reset();
  s.pushed = s.popped = 0;
  s.seq += p.size;
  g_.Progress();
}

}  // namespace

std::string GroupOutcome::Describe() const {
  std::ostringstream os;
  if (kind == Kind::Deadlock) {
    os << "the split program deadlocked: every core is blocked or finished\n";
    for (const CorePosition& p : positions) {
      os << "  " << p.core << ": " << p.state << " in '" << p.function << "'";
      if (p.span.valid())
        os << " at " << ir::SourceManager::Name(p.span.file) << ":" << p.span.line << ":"
           << p.span.col;
      if (!p.statement.empty()) os << ": " << p.statement;
      os << "\n";
    }
  } else if (kind == Kind::Fault && fault) {
    os << ir::RenderUserError(*fault);
  }
  return os.str();
}

GroupOutcome RunCoreGroup(const GroupSpec& spec, const std::map<std::string, Value>& args) {
  Group g(spec);
  if (!spec.group) return g.Run(args);
  // The Group's calls say what each program gets: evaluate them over the Group's parameters and
  // bind them to the callee's parameter names.
  ops::ExecContext ctx;
  Interpreter ev(ctx);
  for (const ir::Param& p : spec.group->params) {
    auto it = args.find(p.var->name);
    if (it == args.end())
      ir::ThrowUser(p.var->span, "no argument for parameter '" + p.var->name + "' of '" +
                                     spec.group->name + "'");
    ev.Define(p.var, it->second);
  }
  auto bind = [&](const ir::Function* part, const std::vector<ir::ExprPtr>& call_args) {
    std::map<std::string, Value> named;
    if (!part) return named;
    for (size_t i = 0; i < part->params.size() && i < call_args.size(); ++i)
      named[part->params[i].var->name] = ev.Eval(call_args[i]);
    return named;
  };
  const std::map<std::string, Value> aic_named = bind(spec.aic, spec.aic_args);
  const std::map<std::string, Value> aiv_named = bind(spec.aiv, spec.aiv_args);
  return g.Run(aic_named, &aiv_named);
}

}  // namespace tilesplit::sim
