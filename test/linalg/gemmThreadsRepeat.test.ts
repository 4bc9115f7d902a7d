/**
 * Back-to-back threaded products while a worker still polls (src/linalg/gemmThreads.ts): the dense
 * credit kernel solved eight times in a row with 2 threads gives the one-thread L1 and L2 each
 * time. Before the job word was closed while a job's fields were written (session 11), a polling
 * worker holding the last job's word could claim a chunk past its end: in this file 5 of 8 such
 * solves threw "a worker thread failed" or returned other numbers. Its own file: a fresh process
 * whose workers start polling, as a user's first solves do.
 */
import { expect, it } from 'vitest';
import { solveCreditChain } from '../../src/credit/index.js';

it('geometric at (∞, 512), heavy rates: eight solves in a row with 2 threads → each the one-thread L1 and L2, no worker failure', () => {
  const p = { lambda: 5.5, mu1: 6, mu2: 6, upstreamCapacity: Infinity, downstreamCapacity: 512 };
  const one = solveCreditChain(p, { method: 'geometric', threads: 1 }).meanQueueLength;
  for (let r = 0; r < 8; r++) expect(solveCreditChain(p, { method: 'geometric', threads: 2 }).meanQueueLength).toEqual(one);
});
