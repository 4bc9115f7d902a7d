/**
 * The statistics reset at the warm-up's end must not change the hidden class (V8's "map") of the
 * objects the per-packet code reads: a changed class throws away every optimised function that read
 * the object, and the 648-node run then went at half speed for its first measured millisecond
 * (benchmarks/README.md, gran, session 8). V8's own %HaveSameMap answers, in a child process started
 * with --allow-natives-syntax (hiddenClass/probe.mts). It fails if a time or byte-sum field of the
 * statistics starts as the small integer 0 again instead of core/fields.ts's DOUBLE_ZERO.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the warm-up reset keeps the statistics objects\' hidden classes', () => {
  it('FabricStats, GranTraffic and the fabric have the same map after the reset as before it', () => {
    const probe = fileURLToPath(new URL('./hiddenClass/probe.mts', import.meta.url));
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', probe], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ stats: true, traffic: true, fabric: true });
  });
});
