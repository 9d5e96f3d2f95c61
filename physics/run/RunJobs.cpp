// runJobs: a fixed pool of threads taking run indices in turn (RunJobs.h).
#include "physics/run/RunJobs.h"

#include "physics/sim/StepThreads.h"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tl {

int defaultJobs() {
    return StepThreads::availableCpus();
}

void runJobs(int n, int jobs, const std::function<void(int)>& run, const std::function<void(int)>& done) {
    if (n <= 0) return;
    if (jobs <= 1 || n == 1) {
        for (int i = 0; i < n; ++i) {
            run(i);
            if (done) done(i);
        }
        return;
    }
    std::mutex m;
    std::condition_variable changed;
    int next = 0;                                  // the next index to begin
    bool stop = false;                             // a run failed: begin no more
    std::vector<char> finished(std::size_t(n), 0); // per index: 1 done, 2 failed
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(n));
    auto worker = [&] {
        for (;;) {
            int i;
            {
                std::lock_guard<std::mutex> lock(m);
                if (stop || next >= n) return;
                i = next++;
            }
            std::exception_ptr error;
            try {
                run(i);
            } catch (...) {
                error = std::current_exception();
            }
            {
                std::lock_guard<std::mutex> lock(m);
                finished[std::size_t(i)] = error ? 2 : 1;
                errors[std::size_t(i)] = error;
                if (error) stop = true;
            }
            changed.notify_one();
        }
    };
    std::vector<std::thread> pool;
    for (int k = 0; k < std::min(jobs, n); ++k)
        pool.emplace_back(worker);
    int reported = 0; // done() called for the indices below
    std::exception_ptr failure;
    {
        std::unique_lock<std::mutex> lock(m);
        for (;;) {
            while (reported < n && finished[std::size_t(reported)] == 1) {
                const int i = reported++;
                lock.unlock();
                if (done) done(i);
                lock.lock();
            }
            if (reported < n && finished[std::size_t(reported)] == 2) {
                failure = errors[std::size_t(reported)];
                break;
            }
            if (reported == n) break;
            // a failure further on: nothing below it is left to wait for once every begun run has finished
            bool pending = false;
            for (int i = reported; i < next; ++i)
                pending = pending || finished[std::size_t(i)] == 0;
            if (stop && !pending) {
                for (int i = reported; i < n && !failure; ++i)
                    if (finished[std::size_t(i)] == 2) failure = errors[std::size_t(i)];
                break;
            }
            changed.wait(lock);
        }
        stop = stop || failure != nullptr;
    }
    for (std::thread& t : pool)
        t.join();
    if (failure) std::rethrow_exception(failure);
}

} // namespace tl
