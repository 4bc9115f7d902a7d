/**
 * H43blk (issue 31, entry 353): the blocked share per back-to-back try in a two-stage abstraction fed by the model's own
 * numbers — is the model's π what independent head waits and geometric trains give? Output o (channel u) sends trains of
 * packets x apart that go on with chance c = 1 − τ (the shifted queue's GE batches, §13.5), with exponential gaps so that its
 * rate is λ_u; a packet takes a slot of the far buffer q (B slots) as it starts on o and frees it as it ends at q; it becomes
 * q's head at its predecessor's start (or its arrival) and starts after its predecessor's end plus its own wait Y: 0 with
 * chance 1 − b_Y, else exponential of mean (S − x)/b_Y (model-blocked-phase.ts's b_Y and S), independent of everything. A
 * try finding B slots held waits for q's next end. Prints per output the blocked share, the back-to-back share, the blocked
 * share per back-to-back try with its two factors (entry 353: the slots held before the previous start = B − 1, and q's head
 * then not yet started), and the mean blocked wait, beside the model's π and π/(1 − τ). An event loop with a fixed-seed LCG,
 * 400,000 packets per output; x = 1.
 *
 *     npx tsx benchmarks/model-train-fill.ts "$PWD/src" mesh8x8-uniform-1sl 90% s2_2:2,s3_3:2
 */
import { solveFixturePoint } from './model-fixture-point.js';
const [src, cname, label, outsS] = process.argv.slice(2) as [string, string, string, string];
const { net, m, s } = await solveFixturePoint(src, cname, label);
const X = (2048 * 8) / 2.5e9;
let seed = 12345;
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return (seed + 0.5) / 2147483648; };
function run(lam: number, cont: number, bY: number, mY: number, B: number, n = 400000) {
  // o's tries: packet k's earliest try time; q: ends of packets in order.
  const ends: number[] = []; // end times of the last packets sent into q, in order
  const starts: number[] = []; // their start times at q's output
  let t = 0; let lastStart = -Infinity; let lastEnd = 0; // lastEnd: q's last scheduled end
  const meanK = 1 / (1 - cont); const gap = meanK * (1 / lam - 1);
  let inTrain = false; let tries = 0, b2b = 0, b2bBl = 0, blocked = 0, wsum = 0, atTop = 0, atTopWaiting = 0;
  let prevHeld = -1; let prevWaiting = false;
  for (let k = 0; k < n; k++) {
    // next try time
    const isB2b = inTrain && rnd() < cont;
    if (isB2b) { t = lastStart + 1; b2b++; if (prevHeld === B - 1) { atTop++; if (prevWaiting) atTopWaiting++; } } else { t = Math.max(lastStart + 1, t + (-Math.log(rnd())) * Math.max(gap, 1e-9)); inTrain = true; }
    // slots held at t: packets started with end > t
    let held = 0; for (let i = ends.length - 1; i >= 0 && ends[i]! > t; i--) held++;
    let start = t;
    if (held >= B) { start = ends[ends.length - B]!; blocked++; wsum += start - t; if (isB2b) b2bBl++; }
    // At this start: the slots held just before it, and whether q's head (the oldest packet not ended) had not started.
    prevHeld = 0; let head = -1;
    for (let i = ends.length - 1; i >= 0 && ends[i]! > start; i--) { prevHeld++; head = i; }
    prevWaiting = head >= 0 && starts[head]! > start;
    tries++;
    lastStart = start;
    // q: this packet becomes head at max(its arrival, predecessor's start); starts after predecessor's end + Y
    const Y = rnd() < bY ? -Math.log(rnd()) * mY : 0;
    const st = Math.max(start, lastEnd) + Y; const en = Math.max(st + 1, start + 1);
    lastEnd = en; ends.push(en); starts.push(st); if (ends.length > 64) { ends.shift(); starts.shift(); }
  }
  return { pi: blocked / tries, b2bShare: b2b / tries, perB2b: b2bBl / Math.max(1, b2b), top: atTop / Math.max(1, b2b), waiting: atTopWaiting / Math.max(1, atTop), w: wsum / Math.max(1, blocked) };
}
for (let u = 0; u < m.C; u++) {
  const name = net.ports[(u / m.V) | 0].name;
  if (!outsS.split(',').includes(name)) continue;
  const l = s.lam[u] * X;
  let S = 0; let bY = 0;
  for (let i = m.turnsStart[u]; i < m.turnsStart[u + 1]; i++) { const t = m.turnsOf[i]; const p = s.lamT[t] / s.lam[u]; if (!(p > 0)) continue; const cc = m.turnOut[t]; S += p * (s.headWait[t] + s.seff[cc]); bY += p * (1 - (1 - Math.min(1, s.headWaitProb[t])) * (1 - Math.min(1, s.blocked[cc]))); }
  const lt = 1 / (1 / s.lam[u] - X); const ca2t = s.cd2[u] * (lt / s.lam[u]) ** 2; const tau = Math.min(1, 2 / (1 + ca2t));
  const mY = (S / X - 1) / bY;
  const B = Math.max(1, Math.floor(m.bufferBlocks[(u / m.V) | 0] / Math.ceil(s.b1[u] / s.lam[u] / 64)));
  const r = run(l, 1 - tau, bY, mY, B);
  console.log(name, 'λx', l.toFixed(3), 'c', (1 - tau).toFixed(3), 'b_Y', bY.toFixed(3), 'm_Y', mY.toFixed(3), 'B', B, '| π', r.pi.toFixed(3), 'b2b', r.b2bShare.toFixed(3),
    'per b2b', r.perB2b.toFixed(3), `= P(N=B−1) ${r.top.toFixed(3)} × P(head waiting) ${r.waiting.toFixed(3)}`, 'w', r.w.toFixed(3), '| model π', s.blocked[u].toFixed(3), 'π/(1 − τ)', (s.blocked[u] / (1 - tau)).toFixed(3));
}
