/**
 * Speed of the congestion-control laws (run: npm run bench:congestion). Prints figures; passes or
 * fails nothing. The per-packet methods are what the fabric simulator calls on every packet or
 * ACK, so they are measured per call:
 *
 * - f_inc/f_dec of PIPD, FIMD, LIPD, AIMD (one call on an alternating marked/unmarked ACK);
 * - EcnMarker onEnqueue + onDequeue (one packet through a 4-output switch, a fill every 16 packets);
 * - IbCcSwitchMarker.onDeparture (congested root port-VL, Marking_Rate 3);
 * - IbCcSource onBecn / advance + currentRateLimit (time moving forward);
 * - checkConditions with the default 256-point grid, and rateTrajectory of 10^5 ACKs.
 */
import { callsPerSecond, gc, machineLine } from './harness.js';
import {
  aimd,
  checkConditions,
  EcnMarker,
  fimd,
  IbCcSource,
  IbCcSwitchMarker,
  lipd,
  pipd,
  rateTrajectory,
  seededStream,
  type ResponseFunction,
} from '../src/index.js';

function rate(label: string, seconds: number, fn: (i: number) => number): number {
  return callsPerSecond(label, seconds, fn, { warmup: 50_000, unit: 'calls/s', labelWidth: 58, nsDecimals: 1 });
}

function once(label: string, repeats: number, fn: () => unknown): void {
  fn();
  gc?.();
  let best = Infinity;
  for (let k = 0; k < repeats; k++) {
    const t0 = process.hrtime.bigint();
    fn();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  console.log(`${label.padEnd(58)} ${best.toFixed(2).padStart(10)} ms (best of ${repeats})`);
}

console.log(machineLine());
console.log('');
const seconds = 1;
const fns: [string, ResponseFunction][] = [
  ['pipd (10, 1e5, m 4)', pipd({ rMin: 10, rMax: 1e5, m: 4 })],
  ['fimd (1000, 256000, n 4)', fimd({ rMin: 1000, rMax: 256000, n: 4 })],
  ['lipd (1000, 256000)', lipd({ rMin: 1000, rMax: 256000 })],
  ['aimd (1000, 256000, 1000, 0.5)', aimd({ rMin: 1000, rMax: 256000, alpha: 1000, beta: 0.5 })],
];
for (const [name, f] of fns) {
  let r = f.rMax;
  rate(`${name}: one ACK (f_inc or f_dec)`, seconds, (i) => (r = (i & 7) === 0 ? f.decrease(r) : f.increase(r)));
}
console.log('');

const ecn = new EcnMarker(4);
rate('EcnMarker: onEnqueue + onDequeue (+ fill every 16)', seconds, (i) => {
  const o = i & 3;
  ecn.onEnqueue(o);
  if ((i & 15) === 0) ecn.onBufferFull(o);
  return ecn.onDequeue(o) ? 1 : 0;
});
const port = new IbCcSwitchMarker({ threshold: 15, capacity: 32, markingRate: 3 });
rate('IbCcSwitchMarker.onDeparture', seconds, (i) => (port.onDeparture(8 + (i & 7), (i & 1) === 0, 2048) ? 1 : 0));
const src = new IbCcSource({ bandwidth: 20e9 });
let now = 0;
rate('IbCcSource: onBecn or advance, + currentRateLimit', seconds, (i) => {
  now += 1e-6;
  if ((i & 31) === 0) src.onBecn(now);
  else src.advance(now);
  return src.currentRateLimit();
});
console.log('');

for (const [name, f] of fns) once(`checkConditions ${name}, 256 points`, 5, () => checkConditions(f));
once('rateTrajectory lipd, 1e5 ACKs, p = 0.05', 5, () => rateTrajectory(fns[2]![1], { markProbability: 0.05, acks: 100_000, random: seededStream(1) }));
