#!/bin/sh
# H46a entry 490: the simulator's heads at their ready instant (sim-head-starts.ts, its "busy parts" line), 5 seeds each.
cd /work/wt46a
D=scratch/h46a
for s in 1 2 3 4 5; do nice -n 10 npx tsx benchmarks/sim-head-starts.ts switch8-2sl 0.6 8000 $s; done > $D/sw8.jsonl
for s in 1 2 3 4 5; do BY_OUTPUT=1 nice -n 10 npx tsx benchmarks/sim-head-starts.ts 4ary2tree-uniform-2sl 90% 4000 $s; done > $D/t4.jsonl
for s in 1 2 3 4 5; do BY_OUTPUT=1 nice -n 10 npx tsx benchmarks/sim-head-starts.ts 8ary2tree-uniform-2sl 90% 2000 $s; done > $D/t8.jsonl
for s in 1 2 3 4 5; do nice -n 10 npx tsx benchmarks/sim-head-starts.ts merge2-bare 0.40 10000 $s; done > $D/m2.jsonl
for s in 1 2 3 4 5; do nice -n 10 npx tsx benchmarks/sim-head-starts.ts merge3-bare 0.2/0.2/0.4/0.2 10000 $s; done > $D/m3.jsonl
for f in sw8 t4 t8 m2 m3; do npx tsx benchmarks/sim-head-starts.ts --pool $D/$f.jsonl > $D/$f.pool; done
echo done
