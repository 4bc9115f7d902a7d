#!/bin/bash
# usage: diag.sh CASE LABEL PORTS PACKETS OUT  — five seeds, one after another (one heavy process at a time)
cd /work/wt46c
for s in 1 2 3 4 5; do
  nice -n 10 npx tsx benchmarks/sim-diag-ports.ts "$1" "$2" --ports "$3" --seed $s --packets "$4" --json
done > "$5"
