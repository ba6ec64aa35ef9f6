// The schedules `check` runs, and their names in reports.
#include "tilesplit/sim/schedule.h"

namespace tilesplit::sim {

std::string Schedule::Name() const {
  switch (kind) {
    case Kind::CubeFirst:
      return "cube first";
    case Kind::Lane0First:
      return "lane 0 first";
    case Kind::Lane1First:
      return "lane 1 first";
    case Kind::Random:
      return "random #" + std::to_string(seed);
  }
  return "?";
}

std::vector<Schedule> CheckSchedules(int n) {
  std::vector<Schedule> r;
  const Schedule::Kind fixed[] = {Schedule::Kind::CubeFirst, Schedule::Kind::Lane0First,
                                  Schedule::Kind::Lane1First};
  for (int i = 0; i < n; ++i) {
    Schedule s;
    if (i < 3) {
      s.kind = fixed[i];
    } else {
      s.kind = Schedule::Kind::Random;
      s.seed = static_cast<uint64_t>(i - 2);
    }
    r.push_back(s);
  }
  return r;
}

}  // namespace tilesplit::sim
