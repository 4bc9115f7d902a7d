#!/bin/sh
# H46a: the simulator's heads (entry 490's "busy parts") and the full scores of TRY490=1/2/3, one heavy process at a time.
cd /work/wt46a
D=scratch/h46a
SKIP=8ary3tree-bitcomp-1sl,8ary3tree-bitcomp-2sl,8ary3tree-shuffle-1sl,8ary3tree-shuffle-2sl,8ary3tree-uniform-1sl,8ary3tree-uniform-2sl,gran648-uniform-1sl
for s in 1 2 3 4 5; do nice -n 10 npx tsx benchmarks/sim-head-starts.ts switch8-2sl 0.6 8000 $s; done > $D/sw8.jsonl
date > $D/times.txt
# (TRY490=4 scored after, by hand, with the same command)
for k in 3 1 2; do TRY490=$k nice -n 10 npx tsx benchmarks/fabric-model-score.ts --json --skip $SKIP > $D/score-490-$k.json; date >> $D/times.txt; done
for s in 1 2 3 4 5; do BY_OUTPUT=1 nice -n 10 npx tsx benchmarks/sim-head-starts.ts 4ary2tree-uniform-2sl 90% 4000 $s; done > $D/t4.jsonl
date >> $D/times.txt
for s in 1 2 3 4 5; do BY_OUTPUT=1 nice -n 10 npx tsx benchmarks/sim-head-starts.ts 8ary2tree-uniform-2sl 90% 2000 $s; done > $D/t8.jsonl
date >> $D/times.txt
for s in 1 2 3 4 5; do nice -n 10 npx tsx benchmarks/sim-head-starts.ts merge2-bare 0.40 10000 $s; done > $D/m2.jsonl
for s in 1 2 3 4 5; do nice -n 10 npx tsx benchmarks/sim-head-starts.ts merge3-bare 0.2/0.2/0.4/0.2 10000 $s; done > $D/m3.jsonl
for f in sw8 t4 t8 m2 m3; do npx tsx benchmarks/sim-head-starts.ts --pool $D/$f.jsonl > $D/$f.pool; done
date >> $D/times.txt
echo done >> $D/times.txt
