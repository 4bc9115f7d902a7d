#!/bin/sh
# H45f entry 470: the simulator's busy-found parts, 5 replications each (one process at a time), then the pools.
cd /work/wt45f
for s in 1 2 3 4 5; do nice -n 10 npx tsx benchmarks/sim-head-starts.ts switch8-2sl 0.6 8000 $s; done > scratch/h45f/sw8.jsonl
for s in 1 2 3 4 5; do BY_OUTPUT=1 nice -n 10 npx tsx benchmarks/sim-head-starts.ts 4ary2tree-uniform-2sl 90% 4000 $s; done > scratch/h45f/t4.jsonl
for s in 1 2 3 4 5; do BY_OUTPUT=1 nice -n 10 npx tsx benchmarks/sim-head-starts.ts 8ary2tree-uniform-2sl 90% 2000 $s; done > scratch/h45f/t8.jsonl
for f in sw8 t4 t8; do npx tsx benchmarks/sim-head-starts.ts --pool scratch/h45f/$f.jsonl > scratch/h45f/$f.pool; done
