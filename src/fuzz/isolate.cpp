// Forked workers report each finished case over a pipe as a length-prefixed record; the parent
// polls every pipe, and a worker that dies or stays silent past the time limit is charged with
// the case it was on (the one after its last report), then replaced by a fresh fork for the rest
// of its chunk. The limit is CPU time: on a loaded machine a worker may get a small share of a
// core, and a case that merely waited for the processor is not a hang. A case that neither
// finishes nor uses the processor (blocked) is still a hang after kWallFactor times the limit.
#include "tilesplit/fuzz/isolate.h"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <deque>
#include <fstream>
#include <string>
#include <vector>

namespace tilesplit::fuzz {
namespace {

using Clock = std::chrono::steady_clock;

// How much longer than the CPU-time limit a case may take on the wall clock.
constexpr int kWallFactor = 6;

Clock::duration Seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// User + system CPU seconds process `pid` has used, from /proc/PID/stat (fields 14 and 15,
// counted after the parenthesised command name, which may contain spaces); negative when unknown.
double CpuSeconds(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(f, line)) return -1;
  const size_t close = line.rfind(')');
  if (close == std::string::npos) return -1;
  unsigned long long user = 0, sys = 0;
  if (std::sscanf(line.c_str() + close + 1,
                  " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &user, &sys) != 2)
    return -1;
  return static_cast<double>(user + sys) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

void WriteAll(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(2);
    done += static_cast<size_t>(n);
  }
}

std::string Encode(uint64_t index, const Verdict& v) {
  std::string r = std::to_string(index) + " " + std::to_string(static_cast<int>(v.outcome)) + " " +
                  std::to_string(v.seed) + " " + std::to_string(v.stage.size()) + " " +
                  std::to_string(v.key.size()) + " " + std::to_string(v.detail.size()) + " " +
                  std::to_string(v.extensions.size()) + "\n";
  return r + v.stage + v.key + v.detail + v.extensions;
}

// Takes one complete record off the front of `buf`; false when it holds none yet.
bool Decode(std::string& buf, uint64_t* index, Verdict* v) {
  const size_t nl = buf.find('\n');
  if (nl == std::string::npos) return false;
  unsigned long long idx = 0, seed = 0;
  int outcome = 0;
  size_t ls = 0, lk = 0, ld = 0, le = 0;
  if (std::sscanf(buf.c_str(), "%llu %d %llu %zu %zu %zu %zu", &idx, &outcome, &seed, &ls, &lk, &ld,
                  &le) != 7)
    return false;
  if (buf.size() < nl + 1 + ls + lk + ld + le) return false;
  size_t at = nl + 1;
  v->outcome = static_cast<Outcome>(outcome);
  v->seed = seed;
  v->stage = buf.substr(at, ls);
  v->key = buf.substr(at += ls, lk);
  v->detail = buf.substr(at += lk, ld);
  v->extensions = buf.substr(at += ld, le);
  buf.erase(0, at + le);
  *index = idx;
  return true;
}

// Keeps a runaway allocation inside the worker (an out-of-memory error there) rather than
// letting it take the machine's memory.
void LimitMemory() {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer reserves terabytes of shadow address space, which a cap on the address space
  // would forbid; the sanitizer build relies on its own allocator's limits instead.
  return;
#endif
  struct rlimit lim;
  lim.rlim_cur = lim.rlim_max = rlim_t{6} << 30;
  setrlimit(RLIMIT_AS, &lim);
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  uint64_t next = 0, end = 0;  // the case it is on, and the end of its chunk
  Clock::time_point deadline;  // when to look at its CPU time again
  Clock::time_point since;     // its last report (or its start)
  double cpu_since = 0;        // its CPU seconds then
  std::string buf;
};

// Starts the clocks of the case `w` is now on.
void StartCase(Worker& w, Clock::time_point now, double timeout) {
  w.since = now;
  w.deadline = now + Seconds(timeout);
  w.cpu_since = CpuSeconds(w.pid);
}

// Past its deadline, a case is late only when it has used its CPU time (or its CPU time cannot
// be read) or has reached the wall-clock cap; otherwise the deadline moves by the CPU time the
// case still has.
bool Late(Worker& w, Clock::time_point now, double timeout) {
  if (now <= w.deadline) return false;
  const double cpu = CpuSeconds(w.pid);
  const double used = cpu - w.cpu_since;
  if (cpu < 0 || w.cpu_since < 0 || used >= timeout) return true;
  if (now - w.since >= Seconds(timeout * kWallFactor)) return true;
  w.deadline = now + Seconds(timeout - used);
  return false;
}

Worker Spawn(uint64_t begin, uint64_t end, const std::function<Verdict(uint64_t)>& work,
             double timeout) {
  int fds[2];
  Worker w;
  if (pipe(fds) != 0) return w;
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return w;
  }
  if (pid == 0) {
    close(fds[0]);
    LimitMemory();
    for (uint64_t i = begin; i < end; ++i) WriteAll(fds[1], Encode(i, work(i)));
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  w.pid = pid;
  w.fd = fds[0];
  w.next = begin;
  w.end = end;
  StartCase(w, Clock::now(), timeout);
  return w;
}

Verdict Died(int status) {
  Verdict v;
  v.stage = "check";
  if (WIFSIGNALED(status)) {
    v.outcome = Outcome::Crash;
    v.detail = std::string("killed by signal ") + strsignal(WTERMSIG(status));
    v.key = v.detail;
  } else {
    v.outcome = Outcome::Crash;
    v.detail = "worker exited with status " + std::to_string(WEXITSTATUS(status));
    v.key = v.detail;
  }
  return v;
}

}  // namespace

uint64_t RunIsolated(uint64_t count, const std::function<Verdict(uint64_t)>& work,
                     const IsolateOptions& o) {
  std::vector<Worker> workers;
  uint64_t handed = 0, finished = 0;
  auto report = [&](uint64_t i, const Verdict& v) {
    ++finished;
    if (o.on_result) o.on_result(i, v);
  };
  for (;;) {
    const bool stopping = o.stop && o.stop();
    while (!stopping && handed < count && static_cast<int>(workers.size()) < o.jobs) {
      const uint64_t end = std::min(count, handed + o.chunk);
      Worker w = Spawn(handed, end, work, o.timeout_seconds);
      if (w.pid < 0) break;
      handed = end;
      workers.push_back(std::move(w));
    }
    if (workers.empty()) break;
    std::vector<pollfd> fds;
    for (const Worker& w : workers) fds.push_back({w.fd, POLLIN, 0});
    poll(fds.data(), fds.size(), 250);
    if (o.tick) o.tick();
    const Clock::time_point now = Clock::now();
    for (size_t k = 0; k < workers.size();) {
      Worker& w = workers[k];
      bool closed = false;
      if (fds[k].revents & (POLLIN | POLLHUP | POLLERR)) {
        char chunk[65536];
        const ssize_t n = read(w.fd, chunk, sizeof chunk);
        if (n > 0) {
          w.buf.append(chunk, static_cast<size_t>(n));
        } else if (n == 0 || errno != EINTR) {
          closed = true;
        }
        uint64_t idx;
        Verdict v;
        bool reported = false;
        while (Decode(w.buf, &idx, &v)) {
          report(idx, v);
          w.next = idx + 1;
          reported = true;
        }
        if (reported) StartCase(w, now, o.timeout_seconds);
      }
      const bool late = !closed && Late(w, now, o.timeout_seconds);
      if (!closed && !late) {
        ++k;
        continue;
      }
      if (late) kill(w.pid, SIGKILL);
      int status = 0;
      waitpid(w.pid, &status, 0);
      close(w.fd);
      const uint64_t resume = w.next < w.end ? w.next + 1 : w.end;
      if (late) {
        Verdict v;
        v.outcome = Outcome::Hang;
        v.stage = "check";
        v.key = "no result within the time budget";
        v.detail = v.key;
        report(w.next, v);
      } else if (w.next < w.end) {
        report(w.next, Died(status));
      }
      const uint64_t end = w.end;
      workers.erase(workers.begin() + static_cast<long>(k));
      if (resume < end && !(o.stop && o.stop())) {
        Worker again = Spawn(resume, end, work, o.timeout_seconds);
        if (again.pid >= 0) workers.push_back(std::move(again));
      }
      // the vector changed: restart the scan with fresh poll results
      break;
    }
  }
  return finished;
}

Verdict RunOneIsolated(const std::function<Verdict()>& work, double timeout_seconds) {
  Verdict out;
  IsolateOptions o;
  o.jobs = 1;
  o.chunk = 1;
  o.timeout_seconds = timeout_seconds;
  o.on_result = [&](uint64_t, const Verdict& v) { out = v; };
  RunIsolated(
      1, [&](uint64_t) { return work(); }, o);
  return out;
}

}  // namespace tilesplit::fuzz
