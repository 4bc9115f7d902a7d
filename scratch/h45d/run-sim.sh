#!/bin/sh
# H45d entry 450: the simulator's delay-cycle parts, 5 replications each (one process at a time).
cd /work/wt45d
for s in 1 2 3 4 5; do /usr/bin/time -f "sw8 seed $s %e s" nice -n 10 npx tsx benchmarks/sim-head-starts.ts switch8-2sl 0.6 8000 $s; done > scratch/h45d/sw8.jsonl 2> scratch/h45d/sw8.err
for s in 1 2 3 4 5; do /usr/bin/time -f "tree seed $s %e s" env BY_OUTPUT=1 nice -n 10 npx tsx benchmarks/sim-head-starts.ts 4ary2tree-uniform-2sl 90% 4000 $s; done > scratch/h45d/tree-byout.jsonl 2> scratch/h45d/tree.err
