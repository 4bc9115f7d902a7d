#!/bin/bash
cd /work/wt46c
./scratch/h46c/diag.sh torus8x8-transpose-2sl 70% s3_3:3,s2_3:1 10000 scratch/h46c/torus70-diag.jsonl
./scratch/h46c/diag.sh mesh8x8-uniform-2sl 70% s3_4:1,s3_4:3,s4_4:1 6000 scratch/h46c/mesh70-diag.jsonl
