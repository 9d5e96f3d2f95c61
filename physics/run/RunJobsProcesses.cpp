// runJobsInProcesses: forked workers fed run indices through pipes (RunJobs.h).
#include "physics/run/RunJobs.h"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <stdexcept>

#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tl {

namespace {

// Messages are a header and bytes: to a worker the run index; from a worker {index, ok, length} + text.
struct Header {
    std::int32_t index = 0;
    std::int32_t ok = 0;
    std::uint64_t length = 0;
};

bool writeAll(int fd, const void* data, std::size_t n) {
    const char* p = static_cast<const char*>(data);
    while (n > 0) {
        const ssize_t w = ::write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= std::size_t(w);
    }
    return true;
}

bool readAll(int fd, void* data, std::size_t n) {
    char* p = static_cast<char*>(data);
    while (n > 0) {
        const ssize_t r = ::read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r;
        n -= std::size_t(r);
    }
    return true;
}

[[noreturn]] void workerLoop(int in, int out, const std::function<std::string(int)>& run) {
    std::int32_t i = 0;
    while (readAll(in, &i, sizeof i)) {
        Header h;
        h.index = i;
        std::string text;
        try {
            text = run(i);
            h.ok = 1;
        } catch (const std::exception& e) {
            text = std::string("worker failed: ") + e.what();
        } catch (...) {
            text = "worker failed: an unknown exception";
        }
        h.length = text.size();
        if (!writeAll(out, &h, sizeof h) || !writeAll(out, text.data(), text.size())) break;
    }
    ::_exit(0); // no destructors, no atexit handlers, no buffered output of the parent's
}

struct Worker {
    pid_t pid = -1;
    int toWorker = -1, fromWorker = -1;
    int position = -1; // in `indices` of the run it is making, -1 idle
};

std::string howItEnded(pid_t pid) {
    int status = 0;
    pid_t r;
    while ((r = ::waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
    }
    if (r < 0) return std::string("worker lost: ") + strerror(errno);
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        return "worker killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    if (WIFEXITED(status)) return "worker exited with status " + std::to_string(WEXITSTATUS(status));
    return "worker ended";
}

} // namespace

void runJobsInProcesses(const std::vector<int>& indices, int jobs, const std::function<std::string(int)>& run,
                        const std::function<void(int, bool, const std::string&)>& done) {
    const int n = int(indices.size());
    if (n == 0) return;
    // a write to a worker that has just died must not end this process
    struct sigaction ignore {
    }, previous{};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &previous);
    std::vector<Worker> workers;
    auto spawn = [&]() {
        std::cout.flush();
        std::cerr.flush();
        std::fflush(nullptr);
        int a[2], b[2];
        if (::pipe(a) != 0) throw std::runtime_error(std::string("cannot make a pipe: ") + strerror(errno));
        if (::pipe(b) != 0) {
            ::close(a[0]);
            ::close(a[1]);
            throw std::runtime_error(std::string("cannot make a pipe: ") + strerror(errno));
        }
        const pid_t parent = ::getpid();
        const pid_t pid = ::fork();
        if (pid < 0) {
            for (int fd : {a[0], a[1], b[0], b[1]})
                ::close(fd);
            throw std::runtime_error(std::string("cannot start a worker process: ") + strerror(errno));
        }
        if (pid == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL); // the batch's process ended: so does its worker
            if (::getppid() != parent) ::_exit(1);
            for (const Worker& w : workers) { // the other workers' pipes: theirs alone, so they see EOF
                ::close(w.toWorker);
                ::close(w.fromWorker);
            }
            ::close(a[1]);
            ::close(b[0]);
            workerLoop(a[0], b[1], run);
        }
        ::close(a[0]);
        ::close(b[1]);
        Worker w;
        w.pid = pid;
        w.toWorker = a[1];
        w.fromWorker = b[0];
        return w;
    };
    std::map<int, std::pair<bool, std::string>> finished; // by position, until reported in order
    int next = 0, reported = 0;
    auto finish = [&](int position, bool ok, std::string text) {
        finished[position] = {ok, std::move(text)};
        while (finished.count(reported)) {
            auto node = finished.extract(reported);
            done(indices[std::size_t(reported)], node.mapped().first, node.mapped().second);
            ++reported;
        }
    };
    auto retire = [&](Worker& w) { // its pipe closed: it ended
        ::close(w.toWorker);
        ::close(w.fromWorker);
        const std::string how = howItEnded(w.pid);
        if (w.position >= 0) finish(w.position, false, how);
        w = Worker{};
    };
    auto give = [&](Worker& w) {
        // a worker that died while idle (killed between two runs) cannot take the run: it goes to a new
        // worker, and is lost only if three in a row die before they can take it
        for (int attempt = 0; next < n; ++attempt) {
            const std::int32_t i = indices[std::size_t(next)];
            if (writeAll(w.toWorker, &i, sizeof i)) {
                w.position = next++;
                return;
            }
            if (attempt == 2) {
                w.position = next++;
                retire(w);
                return;
            }
            retire(w);
            w = spawn();
        }
    };
    try {
        for (int k = 0; k < std::min(jobs < 1 ? 1 : jobs, n); ++k) {
            workers.push_back(spawn());
            give(workers.back());
        }
        while (reported < n) {
            std::vector<pollfd> fds;
            std::vector<std::size_t> owner;
            for (std::size_t k = 0; k < workers.size(); ++k)
                if (workers[k].pid > 0 && workers[k].position >= 0) {
                    fds.push_back({workers[k].fromWorker, POLLIN, 0});
                    owner.push_back(k);
                }
            if (fds.empty()) break; // (every run reported)
            if (::poll(fds.data(), fds.size(), -1) < 0) {
                if (errno == EINTR) continue;
                throw std::runtime_error(std::string("poll: ") + strerror(errno));
            }
            for (std::size_t f = 0; f < fds.size(); ++f) {
                if (!fds[f].revents) continue;
                Worker& w = workers[owner[f]];
                Header h;
                std::string text;
                bool ok = readAll(w.fromWorker, &h, sizeof h);
                if (ok) {
                    text.resize(std::size_t(h.length));
                    ok = readAll(w.fromWorker, text.data(), text.size());
                }
                if (!ok) {
                    retire(w);
                    if (next < n) {
                        w = spawn();
                        give(w);
                    }
                    continue;
                }
                const int position = w.position;
                w.position = -1;
                finish(position, h.ok != 0, std::move(text));
                give(w);
            }
        }
    } catch (...) {
        for (Worker& w : workers)
            if (w.pid > 0) {
                ::kill(w.pid, SIGKILL);
                ::close(w.toWorker);
                ::close(w.fromWorker);
                while (::waitpid(w.pid, nullptr, 0) < 0 && errno == EINTR) {
                }
            }
        ::sigaction(SIGPIPE, &previous, nullptr);
        throw;
    }
    for (Worker& w : workers) // no runs left: end of input ends each worker
        if (w.pid > 0) {
            ::close(w.toWorker);
            ::close(w.fromWorker);
            while (::waitpid(w.pid, nullptr, 0) < 0 && errno == EINTR) {
            }
        }
    ::sigaction(SIGPIPE, &previous, nullptr);
}

} // namespace tl
