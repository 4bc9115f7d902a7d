// Public exports of src/sweep: sweeps of any scenario over a grid × replications, on worker
// threads or a Slurm job array, with resumable, atomically written results.
export { planSweep, sweepTasks, MAX_SWEEP_TASKS, type SweepSpec, type SweepPlan, type SweepTask } from './plan.js';
export { runReplication, runSweepTask, type ReplicationJob, type TaskRecord } from './task.js';
export { openSweepDir, readManifest, type SweepManifest, type TaskFailure } from './store.js';
export { readCheckedRecord, type DamagedTask } from './taskFile.js';
export { WorkerPool, runLocalPool, simulateOnPool, cappedWorkers, machineWorkerCap, WORKER_MEMORY_MIB, type PoolOptions, type PoolOutcome } from './pool.js';
export { gatherSweep, sweepStatus, sweepCsv, writeGathered, type SweepPointResult, type SweepStatus } from './gather.js';
export { slurmScript, submitSlurm, runArrayShare, waitForJob, jobStates, submittedJobs, checkSlurmAvailable, type SlurmOptions, type SlurmSubmission } from './slurm.js';
export { runSweep, type RunSweepOptions, type SweepRun } from './run.js';
export { sweepPointsDisplay, sweepRunDisplay } from './display.js';
