// StepThreads: the caller and its waiting workers (StepThreads.h).
#include "physics/sim/StepThreads.h"

#include <sched.h>

#include <algorithm>

namespace tl {

StepThreads::StepThreads(int threads) {
    for (int p = 1; p < std::max(1, threads); ++p)
        workers_.emplace_back([this, p] { serve(p); });
}

StepThreads::~StepThreads() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    start_.notify_all();
    for (std::thread& w : workers_)
        w.join();
}

void StepThreads::run(const std::function<void(int)>& work) {
    if (workers_.empty()) {
        work(0);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        work_ = &work;
        busy_ = int(workers_.size());
        ++generation_;
    }
    start_.notify_all();
    work(0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
    work_ = nullptr;
}

void StepThreads::serve(int part) {
    unsigned long long seen = 0;
    for (;;) {
        const std::function<void(int)>* work = nullptr;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            start_.wait(lock, [&] { return stop_ || generation_ != seen; });
            if (stop_) return;
            seen = generation_;
            work = work_;
        }
        (*work)(part);
        bool last = false;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            last = --busy_ == 0;
        }
        if (last) done_.notify_one();
    }
}

int StepThreads::availableCpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
    return std::max(1, CPU_COUNT(&set));
}

} // namespace tl
