// Forked workers report each finished case over a pipe as a length-prefixed record; the parent
// polls every pipe, and a worker that dies or stays silent past the time limit is charged with
// the case it was on (the one after its last report), then replaced by a fresh fork for the rest
// of its chunk.
#include "tilesplit/fuzz/isolate.h"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

namespace tilesplit::fuzz {
namespace {

using Clock = std::chrono::steady_clock;

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
                  std::to_string(v.key.size()) + " " + std::to_string(v.detail.size()) + "\n";
  return r + v.stage + v.key + v.detail;
}

// Takes one complete record off the front of `buf`; false when it holds none yet.
bool Decode(std::string& buf, uint64_t* index, Verdict* v) {
  const size_t nl = buf.find('\n');
  if (nl == std::string::npos) return false;
  unsigned long long idx = 0, seed = 0;
  int outcome = 0;
  size_t ls = 0, lk = 0, ld = 0;
  if (std::sscanf(buf.c_str(), "%llu %d %llu %zu %zu %zu", &idx, &outcome, &seed, &ls, &lk, &ld) !=
      6)
    return false;
  if (buf.size() < nl + 1 + ls + lk + ld) return false;
  size_t at = nl + 1;
  v->outcome = static_cast<Outcome>(outcome);
  v->seed = seed;
  v->stage = buf.substr(at, ls);
  v->key = buf.substr(at += ls, lk);
  v->detail = buf.substr(at += lk, ld);
  buf.erase(0, at + ld);
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
  Clock::time_point deadline;
  std::string buf;
};

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
  w.deadline = Clock::now() +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout));
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
  const auto timeout =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.timeout_seconds));
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
        while (Decode(w.buf, &idx, &v)) {
          report(idx, v);
          w.next = idx + 1;
          w.deadline = now + timeout;
        }
      }
      const bool late = !closed && now > w.deadline;
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
