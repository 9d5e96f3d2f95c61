#pragma once
// Independent runs -- simulations that share nothing: a sweep's speeds, the check's curves -- on several
// threads: the one seam through which the batch commands use more than one core (docs/batch.md). Each run
// writes its own result slot and `done` sees the results in index order, so what a command prints does not
// depend on the number of jobs nor on the order in which they finish. Each simulation still steps with its
// own SimulationOptions::threads (1 by default): the cores go to the runs.
#include <functional>

namespace tl {

// run(i) for every i in [0, n), on min(jobs, n) worker threads (jobs <= 1: on the calling thread, in order);
// done(i) on the calling thread, in index order, as soon as runs 0..i have all finished. A run that throws
// stops the runs not yet begun; the exception of the lowest failing index is rethrown once the runs begun
// have finished (done() has then been called for the indices below it).
void runJobs(int n, int jobs, const std::function<void(int)>& run, const std::function<void(int)>& done = {});

// The CPUs this process may run on (sched_getaffinity: a Slurm or cgroup allocation), at least 1: the
// default number of jobs.
int defaultJobs();

} // namespace tl
