#pragma once
// The threads a step runs its units on (SimulationOptions::threads): the calling thread and threads - 1
// workers that wait between steps. run(work) calls work(0) on the caller and work(1..threads-1) on the
// workers at once, and returns when every call has returned. What each call does, and in which order its
// results are put together, is the caller's (SimulationEngine::step): the threads only decide when.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tl {

class StepThreads {
public:
    explicit StepThreads(int threads); // >= 1
    ~StepThreads();
    StepThreads(const StepThreads&) = delete;
    StepThreads& operator=(const StepThreads&) = delete;

    int count() const { return int(workers_.size()) + 1; }
    // work(part) for every part in [0, count()); work must not throw (it keeps its own errors).
    void run(const std::function<void(int part)>& work);

    // The CPUs this process may run on (sched_getaffinity: a Slurm or cgroup allocation, taskset), >= 1.
    static int availableCpus();

private:
    void serve(int part);

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable start_, done_;
    const std::function<void(int)>* work_ = nullptr;
    unsigned long long generation_ = 0; // one per run
    int busy_ = 0;                      // workers still in this run's work
    bool stop_ = false;
};

} // namespace tl
