/**
 * A helper process of benchmarks/sweep.ts (the machine's ceiling): runs the tasks `k`, `k + n`,
 * `k + 2n`, … of the benchmark's 20-point fabric sweep in this process with no pool, no results
 * directory and no worker thread — `runReplication` directly, as a worker does — and exits.
 *
 *   node benchmarks/sweep-bare.ts K N     (run by sweep.ts through tsx)
 */
import { FABRIC_SWEEP } from './sweep-spec.js';

// The built modules (as the pool's workers run them), typed as their sources.
const distPlan = '../dist/sweep/plan.js';
const distTask = '../dist/sweep/task.js';
const { planSweep, sweepTasks } = (await import(distPlan)) as typeof import('../src/sweep/plan.js');
const { taskJob, runReplication } = (await import(distTask)) as typeof import('../src/sweep/task.js');

const k = Number(process.argv[2]);
const n = Number(process.argv[3]);
const plan = planSweep(FABRIC_SWEEP);
for (const task of sweepTasks(plan)) if (task.id % n === k) runReplication(taskJob(plan, task));
