/**
 * The core Engine's calendar against its former self (benchmarks/engine/heapEngine.ts: a binary
 * heap of single events, as before issue 16), on hold models — every event posts one more:
 *
 * - `grid`: the switch fabric's pattern: ~600 pending handler events, seven handlers (distinct
 *   functions, as the fabric registers), delays drawn from the 648-node fat-tree's mix (a packet time
 *   1020, a credit 10, a hop 110, …; src/sim/fabric posts) on a grid of 10 time units, all events
 *   starting in step: many events share a time, as links of one rate do in the fabric (the share
 *   of events run at the time of the one before is printed; the 648-node run has 89 %);
 * - `grid-one-handler`: the same with ONE function registered under the seven ids, switching on the
 *   id it is passed (what a model can do to make the engine's call site monomorphic);
 * - `continuous-N`: N pending events with Exp(1) delays (no two times equal: the groups' overhead).
 *
 * Each (case, calendar) runs in its own child process, the two calendars alternating round by
 * round: in one process the workload's closures would carry type feedback from both classes and
 * the second would run slower code. Figures are events per CPU-second (process.cpuUsage), the best
 * of the child's runs after a warm-up run; the ratio is taken within each round.
 *
 * `npm run bench:engine [-- --rounds 5 --events 3000000] [--peer-tree DIR]`
 *
 * With `--peer-tree DIR` (a directory holding another version's src/, e.g. `git archive main src`)
 * the peer is that version's Engine instead of the former heap: an A/B of two Engines.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Engine } from '../src/index.js';
import { HeapEngine } from './engine/heapEngine.js';
import { machineLine } from './harness.js';

/** 'Engine', 'HeapEngine', or `tree:DIR` (DIR's src/sim/engine Engine). */
type Calendar = string;
interface Poster {
  readonly now: number;
  readonly eventsProcessed: number;
  addHandler(h: (a: number, b: number, e: never, id: number) => void): number;
  post(time: number, handler: number, a: number, b: number): void;
  run(o: { until: number }): unknown;
}

const GRID_MIX: readonly (readonly [number, number])[] = [
  [1020, 28],
  [10, 28],
  [110, 21],
  [190, 7],
  [1030, 7],
  [180, 5],
  [340, 2],
  [360, 1],
  [0, 1],
];

/** One run of `name` on a fresh calendar: events per CPU-second and the share of tied events. */
function runCase(E: new () => unknown, name: string, events: number): { rate: number; tied: number } {
  const engine = new E() as Poster;
  let x = 12345;
  let last = -1;
  let tied = 0;
  const draw = (): number => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x >>> 1;
  };
  const grid = name.startsWith('grid');
  const table: number[] = [];
  for (const [d, w] of GRID_MIX) for (let k = 0; k < w; k++) table.push(d);
  const pending = grid ? 600 : Number(name.split('-')[1]);
  const ids: number[] = [];
  const next = (a: number): void => {
    const now = engine.now;
    if (now === last) tied++;
    last = now;
    const r = draw();
    const delay = grid ? table[r % table.length]! : -Math.log((r + 1) / 2 ** 31);
    engine.post(now + delay, ids[r % 7]!, a, 0);
  };
  if (name === 'grid-one-handler') {
    const one = (a: number, _b: number, _e: never, id: number): void => {
      switch (id) {
        case 0:
          return next(a + 1);
        case 1:
          return next(a + 2);
        case 2:
          return next(a + 3);
        case 3:
          return next(a + 4);
        case 4:
          return next(a + 5);
        case 5:
          return next(a + 6);
        default:
          return next(a + 7);
      }
    };
    for (let k = 0; k < 7; k++) ids.push(engine.addHandler(one));
  } else {
    // seven distinct functions, as the fabric's handlers are
    ids.push(engine.addHandler((a) => next(a + 1)));
    ids.push(engine.addHandler((a) => next(a + 2)));
    ids.push(engine.addHandler((a) => next(a + 3)));
    ids.push(engine.addHandler((a) => next(a + 4)));
    ids.push(engine.addHandler((a) => next(a + 5)));
    ids.push(engine.addHandler((a) => next(a + 6)));
    ids.push(engine.addHandler((a) => next(a + 7)));
  }
  for (let i = 0; i < pending; i++) engine.post(grid ? 10 * (i % 13) : -Math.log((draw() + 1) / 2 ** 31), ids[i % 7]!, i, 0);
  // the event rate is pending / mean delay; run that long for about `events` events
  const meanDelay = grid ? table.reduce((s, d) => s + d, 0) / table.length : 1;
  const c0 = process.cpuUsage();
  engine.run({ until: (events / pending) * meanDelay });
  const c = process.cpuUsage(c0);
  return { rate: engine.eventsProcessed / ((c.user + c.system) / 1e6), tied: tied / engine.eventsProcessed };
}

const CASES = ['grid', 'grid-one-handler', 'continuous-100', 'continuous-10000'];

function argument(name: string, fallback: number): number {
  const k = process.argv.indexOf(`--${name}`);
  return k < 0 ? fallback : Number(process.argv[k + 1]);
}

if (process.argv[2] === '--child') {
  const [calendar, name, events] = [process.argv[3] as Calendar, process.argv[4]!, Number(process.argv[5])];
  const E: new () => unknown =
    calendar === 'Engine'
      ? Engine
      : calendar === 'HeapEngine'
        ? HeapEngine
        : ((await import(pathToFileURL(resolve(calendar.slice('tree:'.length), 'src/sim/engine/engine.ts')).href)) as { Engine: new () => unknown }).Engine;
  runCase(E, name, events / 4); // warm-up
  let best = { rate: 0, tied: 0 };
  for (let k = 0; k < 3; k++) {
    const r = runCase(E, name, events);
    if (r.rate > best.rate) best = r;
  }
  console.log(JSON.stringify(best));
} else {
  const rounds = argument('rounds', 5);
  const events = argument('events', 3_000_000);
  const k = process.argv.indexOf('--peer-tree');
  const peerCalendar: Calendar = k < 0 ? 'HeapEngine' : `tree:${resolve(process.argv[k + 1]!)}`;
  console.log(`engine calendar: ${machineLine()}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`${rounds} rounds, ${events} events per run; events per CPU-second (M), median (min–max); Engine / peer per round; peer: ${peerCalendar === 'HeapEngine' ? 'the former heap' : peerCalendar}`);
  const child = (calendar: Calendar, name: string): { rate: number; tied: number } =>
    JSON.parse(execFileSync(process.execPath, [...process.execArgv, import.meta.filename, '--child', calendar, name, String(events)], { encoding: 'utf8' })) as {
      rate: number;
      tied: number;
    };
  const median = (v: number[]): number => {
    const s = [...v].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const span = (v: number[], f = (y: number): string => (y / 1e6).toFixed(2)): string =>
    `${f(median(v))} (${f(Math.min(...v))}–${f(Math.max(...v))})`;
  console.log(`| case | tied events | Engine | ${peerCalendar === 'HeapEngine' ? 'former heap' : 'peer Engine'} (peer) | ratio |`);
  console.log('|---|---|---|---|---|');
  for (const name of CASES) {
    const mine: number[] = [];
    const peer: number[] = [];
    const ratio: number[] = [];
    let tied = 0;
    for (let r = 0; r < rounds; r++) {
      const first: Calendar = r % 2 === 0 ? 'Engine' : peerCalendar;
      const a = child(first, name);
      const b = child(first === 'Engine' ? peerCalendar : 'Engine', name);
      const [e, h] = first === 'Engine' ? [a, b] : [b, a];
      mine.push(e.rate);
      peer.push(h.rate);
      ratio.push(e.rate / h.rate);
      tied = e.tied;
    }
    console.log(`| ${name} | ${(100 * tied).toFixed(0)} % | ${span(mine)} | ${span(peer)} | ${span(ratio, (y) => y.toFixed(2))} |`);
  }
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}
