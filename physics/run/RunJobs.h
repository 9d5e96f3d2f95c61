#pragma once
// Independent runs -- simulations that share nothing: a sweep's speeds, the check's curves -- on several
// threads: the one seam through which the batch commands use more than one core (docs/batch.md). Each run
// writes its own result slot and `done` sees the results in index order, so what a command prints does not
// depend on the number of jobs nor on the order in which they finish. Each simulation still steps with its
// own SimulationOptions::threads (1 by default): the cores go to the runs.
#include <functional>
#include <string>
#include <vector>

namespace tl {

// run(i) for every i in [0, n), on min(jobs, n) worker threads (jobs <= 1: on the calling thread, in order);
// done(i) on the calling thread, in index order, as soon as runs 0..i have all finished. A run that throws
// stops the runs not yet begun; the exception of the lowest failing index is rethrown once the runs begun
// have finished (done() has then been called for the indices below it).
void runJobs(int n, int jobs, const std::function<void(int)>& run, const std::function<void(int)>& done = {});

// The same runs in worker processes, so that a run that crashes or is killed ends its worker, not the batch
// (the command-line batches; docs/batch.md). `indices` are the runs to make, in the order `done` reports
// them; min(jobs, indices.size()) workers are forked from the calling process (which must have no other
// threads: a child has only the forking one) and given runs in turn; run(i) in a worker returns the run's
// result as text, sent back through a pipe. done(i, ok, text) on the calling thread in the order of
// `indices`: ok with run(i)'s text, or not ok with how its worker ended ("worker killed by signal 9
// (Killed)", "worker exited with status 1", or "worker failed: " and what run(i) threw); a worker that ended
// is replaced and the batch goes on. Standard output and error are flushed before each fork; a worker writes
// to neither.
void runJobsInProcesses(const std::vector<int>& indices, int jobs, const std::function<std::string(int)>& run,
                        const std::function<void(int, bool, const std::string&)>& done);

// The CPUs this process may run on (sched_getaffinity: a Slurm or cgroup allocation), at least 1: the
// default number of jobs.
int defaultJobs();

} // namespace tl
