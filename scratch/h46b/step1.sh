#!/bin/sh
# H46b step 1: the simulator's per-hop waits of the failing flows (5 replications), one run at a time.
cd /work/wt46b
o=scratch/h46b
nice -n 10 npx tsx benchmarks/sim-flow-hops.ts torus8x8-shuffle-1sl 90% h5_3,h1_2 --reps 5 --packets 5000 > $o/hops-torus-1sl.txt 2>&1
nice -n 10 npx tsx benchmarks/sim-flow-hops.ts mesh8x8-shuffle-2sl 90% h5_4-sl0,h2_2-sl1,h6_2-sl1 --reps 5 --packets 4000 > $o/hops-mesh-2sl.txt 2>&1
nice -n 10 npx tsx benchmarks/sim-flow-hops.ts torus8x8-shuffle-2sl 90% h6_2-sl1,h7_2-sl1,h2_2-sl1 --reps 5 --packets 4000 > $o/hops-torus-2sl.txt 2>&1
nice -n 10 npx tsx benchmarks/sim-merge-split.ts torus8x8-shuffle-1sl 90% s2_2:4,s2_3:4 --reps 5 --packets 5000 > $o/merge-torus-1sl.txt 2>&1
