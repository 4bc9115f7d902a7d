import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const { runSweep, readManifest } = (await import('../dist/index.js')) as any;
const { readTaskRecord } = (await import('../dist/sweep/store.js')) as any;
const spec = { scenario: 'congestion-spreading', axes: [['victimLoad', Array.from({ length: 20 }, (_, i) => 0.05 + 0.045 * i)]], replications: 2, run: { until: 1, warmup: 0.05 } };
for (const workers of [1, 2, 1, 2]) {
  const dir = mkdtempSync(join(tmpdir(), 'probe-'));
  const t0 = performance.now();
  await runSweep(spec, { out: join(dir, 's'), workers });
  const wall = (performance.now() - t0) / 1000;
  const m = readManifest(join(dir, 's'));
  const ms: number[] = [];
  for (let id = 0; id < m.points.length * m.replications; id++) ms.push(readTaskRecord(join(dir, 's'), id).wallMs);
  const sum = ms.reduce((a, b) => a + b, 0) / 1000;
  console.log(workers, 'wall', wall.toFixed(2), 'sum task', sum.toFixed(2), 'first', ms.slice(0, 4).map((x) => x.toFixed(0)).join(','), 'max', Math.max(...ms).toFixed(0), 'min', Math.min(...ms).toFixed(0));
  rmSync(dir, { recursive: true, force: true });
}
