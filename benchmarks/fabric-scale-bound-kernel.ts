/**
 * The bound of issue 32's scale point (session 22): a minimal, hand-laid-out event simulator of
 * exactly bench:scale's case (fabric-scale.ts) — the generator's k-ary fat-tree with its own
 * forwarding tables (read once into per-flow paths, as the fabric's `flowPaths`), 2.5 Gb/s links
 * with 10 ns of delay, 100 ns of switch latency, 2 KB packets (32 credit blocks of 64 bytes), 8 KB
 * (128 blocks) per input buffer, every host a Poisson source at 50 % of its link's rate to its
 * partner in the seeded single-cycle permutation (derangement.ts), send queues of 256 packets.
 * Switch rules at the fabric's level: a packet's header reaches an input buffer (FIFO) and its head
 * requests its output; an output serves the longest-waiting request whose input port does not feed
 * another output now (crossbar.ts's FCFS over heads), when it holds the packet's credits; the
 * packet's blocks are freed and their credits sent upstream when its transmission from the switch
 * ends (folded into the upstream port's own end of transmission when that comes later, as
 * links.ts `returnCredits`); the end's choices (this output again, then the freed input's head's
 * output) run after the instant's other events. Events per hop as the fabric's: arrival, end of
 * transmission, credit return (posted or folded), the choose step; plus a generation per packet.
 *
 * What it leaves out (the fabric's, not the case's): measurements beyond the hop count (occupancy
 * logs, stall times, per-flow recorders, latency histograms), VL 1 (never used here: one VL's
 * state), exponential service, marking, the audit. So it is a bound: the least work and the fewest
 * lines a hop of this case can take, with the calendar's work kept.
 *
 * State: every link direction g (a global port as the fabric numbers them: switch ports, then one
 * per host) has one record holding its output side (packet and input in transmission, end time,
 * credits, folded credits, request list, packets sent) AND the input buffer at its far end (FIFO
 * head/tail, blocks held, the input port's busy flag, its head's request link and output), so an
 * event reads the records of two link directions: the one the packet came in on and the one it
 * goes out on. Layouts (`Layout`): `one64` (one 64-byte record), `one128` (the same fields, 128
 * bytes apart), `split4` (over four arrays, as the fabric's: port record, FIFO record, blocks held,
 * busy); the packed 32-byte records are fabric-scale-bound-packed.ts's. Packets: 16-byte records in a pool reused LIFO. Calendars: a binary heap, or a timing
 * wheel with a heap for the far events (fabric-scale-bound-calendar.ts).
 */
import { ARG, BLOCKS, BUFFER_BLOCKS, boundFabric, DELAY, E_ARRIVE, E_CREDIT, E_DELIVER, E_GEN, E_TX_END, K_SHIFT, LATENCY, MTU, PATH_STRIDE, RATE, SEND_QUEUE, spin, T_PACKET } from './fabric-scale-bound-fabric.js';
import { xorshift32 } from './derangement.js';
import { makeCalendar, type CalendarKind } from './fabric-scale-bound-calendar.js';

export type Layout = 'one64' | 'one128' | 'split4' | 'pack32' | 'pack64';

// Record fields (int32 slots). END is a double at slots 14–15 (8-byte aligned in every layout).
const CUR = 0; // packet in transmission on this link direction (−1: idle)
const CUR_IN = 1; // the input (a link direction) it came from (−1: a host's own packet)
const CREDITS = 2; // blocks the far end's input buffer may still take
const FOLD = 3; // credit blocks folded into this port's end of transmission
const SENT = 4; // packets sent (the hop counter)
const REQ_HEAD = 5; // first input requesting this output (a link direction; −1: none)
const REQ_TAIL = 6;
const IN_HEAD = 7; // the far end's input buffer: first packet (−1: empty)
const IN_TAIL = 8;
const OCC = 9; // blocks held in it
const BUSY = 10; // that input port feeds an output now
const REQ_NEXT = 11; // next input in the request list its head is in
const HEAD_OUT = 12; // the output its head requests (−1: none)
const AUX = 13; // host ports: send queue (packets, the one in transmission included); switch ports: 1 when the far end is a host
const END = 14; // (double) end of the transmission in progress, seconds
const FIELDS = 16;

/** Per field: [array base, stride] in int32 slots, for G link directions. */
function layoutOf(layout: Layout, G: number): { readonly base: Int32Array; readonly stride: Int32Array; readonly slots: number } {
  const base = new Int32Array(FIELDS);
  const stride = new Int32Array(FIELDS);
  if (layout !== 'split4') {
    const s = layout === 'one64' ? 16 : 32;
    for (let f = 0; f < FIELDS; f++) (base[f] = f), (stride[f] = s);
    return { base, stride, slots: G * s };
  }
  // The fabric's split: port record (64 B: output side and request list), FIFO record (16 B),
  // blocks held (4 B), input busy (4 B here, 1 B there).
  const groups: readonly (readonly number[])[] = [[CUR, CUR_IN, CREDITS, FOLD, SENT, REQ_HEAD, REQ_TAIL, AUX, -1, -1, -1, -1, -1, -1, END, END + 1], [IN_HEAD, IN_TAIL, REQ_NEXT, HEAD_OUT], [OCC], [BUSY]];
  let at = 0;
  for (const g of groups) {
    g.forEach((f, i) => {
      if (f >= 0 && f !== END + 1) (base[f] = at + i), (stride[f] = g.length);
    });
    at += g.length * G;
  }
  return { base, stride, slots: at };
}

export interface BoundOptions {
  readonly k: number;
  readonly layout: Layout;
  readonly calendar: CalendarKind;
  readonly seed?: number;
  /** Rounds of cache-resident work after each event (fabric-scale-bound-fabric.ts `spin`; default 0). */
  readonly work?: number;
  /** Per-port tables of 32-byte records beside the state, one word of each updated per event at the event's port (packed layouts; default 0). */
  readonly extraTables?: number;
}

export interface BoundRun {
  readonly hosts: number;
  readonly links: number;
  /** Runs the simulation to time `until` (s). */
  run(until: number): void;
  /** Packet-hops (transmissions), events (taken, chooses, folded credits), deliveries, drops so far. */
  counts(): { readonly hops: number; readonly events: number; readonly delivered: number; readonly dropped: number; readonly pending: number; readonly sink: number };
}

/** Builds the bound's fabric: topology, paths, records; the sources' first arrivals posted. */
export function buildBound(o: BoundOptions): BoundRun {
  const { H, G, hostBase, peer, paths } = boundFabric(o.k);

  const L = layoutOf(o.layout, G);
  const buf = new ArrayBuffer(L.slots * 4);
  const R = new Int32Array(buf);
  const RF = new Float64Array(buf);
  const bs = (f: number): readonly [number, number] => [L.base[f]!, L.stride[f]!];
  const [bCur, sCur] = bs(CUR), [bCurIn, sCurIn] = bs(CUR_IN), [bCred, sCred] = bs(CREDITS), [bFold, sFold] = bs(FOLD), [bSent, sSent] = bs(SENT);
  const [bRqH, sRqH] = bs(REQ_HEAD), [bRqT, sRqT] = bs(REQ_TAIL), [bInH, sInH] = bs(IN_HEAD), [bInT, sInT] = bs(IN_TAIL), [bOcc, sOcc] = bs(OCC);
  const [bBusy, sBusy] = bs(BUSY), [bRqN, sRqN] = bs(REQ_NEXT), [bHOut, sHOut] = bs(HEAD_OUT), [bAux, sAux] = bs(AUX);
  const bEnd = L.base[END]! >> 1, sEnd = L.stride[END]! >> 1; // in doubles
  for (let g = 0; g < G; g++) {
    R[bCur + g * sCur] = R[bCurIn + g * sCurIn] = R[bRqH + g * sRqH] = R[bRqT + g * sRqT] = -1;
    R[bInH + g * sInH] = R[bInT + g * sInT] = R[bRqN + g * sRqN] = R[bHOut + g * sHOut] = -1;
    // Into a switch: its buffer's 128 blocks; into a host: no limit (the fabric's HOST_CREDITS).
    R[bCred + g * sCred] = peer[g]! < hostBase ? BUFFER_BLOCKS : 1 << 30;
    R[bAux + g * sAux] = g < hostBase && peer[g]! >= hostBase ? 1 : 0;
  }
  // Packets: flow, hop (index into its path), next (FIFO or free list), output requested.
  const P_MAX = 1 << 22;
  let pCap = 4 * G;
  let P = new Int32Array(pCap * 4);
  let free = -1;
  let pUsed = 0;
  const alloc = (): number => {
    if (free >= 0) {
      const p = free;
      free = P[p * 4 + 2]!;
      return p;
    }
    if (pUsed === pCap) {
      if (pCap >= P_MAX) throw new Error('fabric-scale-bound: packet pool exhausted');
      const bigger = new Int32Array(pCap * 8);
      bigger.set(P);
      (P = bigger), (pCap *= 2);
    }
    return pUsed++;
  };

  const cal = makeCalendar(o.calendar, 8 * G, H);
  // The instant's choose steps (output, input), run after every other event of the instant.
  const chooseO = new Int32Array(G);
  const chooseI = new Int32Array(G);
  let nChoose = 0;
  const work = o.work ?? 0;
  let sink = 1;
  let now = 0;
  let events = 0;
  let delivered = 0;
  let dropped = 0;
  // The benchmark's own stream (derangement.ts's xorshift32), in (0, 1) for the exponential gaps.
  const rng = xorshift32(((o.seed ?? 1) * 2654435761) >>> 0);
  const uniform = (): number => (rng() + 0.5) / 4294967296;
  const meanGap = 1 / (0.5 * (RATE / MTU));

  /** Link g starts packet p (its credits checked), from input `from` (−1: a host). */
  const transmit = (g: number, p: number, from: number): void => {
    R[bCur + g * sCur] = p;
    R[bCurIn + g * sCurIn] = from;
    R[bCred + g * sCred]! -= BLOCKS;
    R[bSent + g * sSent]!++;
    // Equal rates: the tail (header + one packet time + the latency) never holds the end back.
    const end = now + T_PACKET;
    RF[bEnd + g * sEnd] = end;
    cal.post(end, (E_TX_END << K_SHIFT) | g, 0);
    if (R[bAux + g * sAux] === 1 && g < hostBase) cal.post(end + DELAY, (E_DELIVER << K_SHIFT) | g, p);
    else cal.post(now + DELAY + LATENCY, (E_ARRIVE << K_SHIFT) | g, p);
  };
  /** Host h's port sends its next packet if one waits and credits allow. */
  const hostTry = (h: number): void => {
    const g = hostBase + h;
    if (R[bCur + g * sCur] !== -1 || R[bAux + g * sAux] === 0 || R[bCred + g * sCred]! < BLOCKS) return;
    const p = alloc();
    (P[p * 4] = h), (P[p * 4 + 1] = 0);
    transmit(g, p, -1);
  };
  /** Input i's head requests output o (appended to o's list: FCFS). */
  const request = (i: number, o: number): void => {
    R[bHOut + i * sHOut] = o;
    R[bRqN + i * sRqN] = -1;
    const t = R[bRqT + o * sRqT]!;
    if (t < 0) R[bRqH + o * sRqH] = i;
    else R[bRqN + t * sRqN] = i;
    R[bRqT + o * sRqT] = i;
  };
  /** Switch output o starts the longest-waiting request of a free input, if idle and credited. */
  const tryOutput = (o: number): void => {
    if (R[bCur + o * sCur] !== -1 || R[bCred + o * sCred]! < BLOCKS) return;
    let prev = -1;
    let i = R[bRqH + o * sRqH]!;
    while (i >= 0 && R[bBusy + i * sBusy] !== 0) (prev = i), (i = R[bRqN + i * sRqN]!);
    if (i < 0) return;
    const next = R[bRqN + i * sRqN]!;
    if (prev < 0) R[bRqH + o * sRqH] = next;
    else R[bRqN + prev * sRqN] = next;
    if (next < 0) R[bRqT + o * sRqT] = prev;
    // Pop i's head; the input port is busy until this transmission ends; its new head requests.
    const p = R[bInH + i * sInH]!;
    const q = P[p * 4 + 2]!;
    R[bInH + i * sInH] = q;
    R[bBusy + i * sBusy] = 1;
    if (q < 0) (R[bInT + i * sInT] = -1), (R[bHOut + i * sHOut] = -1);
    else request(i, P[q * 4 + 3]!);
    transmit(o, p, i);
  };

  const handle = (a: number, b: number): void => {
    const x = a & ARG;
    switch (a >>> K_SHIFT) {
      case E_ARRIVE: {
        // Packet b's header is at the far end of link x: next hop from its path, into the FIFO.
        const hop = P[b * 4 + 1]! + 1;
        const out = paths[P[b * 4]! * PATH_STRIDE + hop]!;
        (P[b * 4 + 1] = hop), (P[b * 4 + 2] = -1), (P[b * 4 + 3] = out);
        R[bOcc + x * sOcc]! += BLOCKS;
        const t = R[bInT + x * sInT]!;
        R[bInT + x * sInT] = b;
        if (t >= 0) P[t * 4 + 2] = b;
        else {
          R[bInH + x * sInH] = b;
          request(x, out);
          if (R[bCur + out * sCur] === -1) tryOutput(out);
        }
        return;
      }
      case E_TX_END: {
        R[bCur + x * sCur] = -1;
        const folded = R[bFold + x * sFold]!;
        if (folded !== 0) (R[bCred + x * sCred]! += folded), (R[bFold + x * sFold] = 0);
        const i = R[bCurIn + x * sCurIn]!;
        if (i < 0) {
          // A host's packet: it leaves the send queue; the next one starts.
          R[bAux + x * sAux]!--;
          hostTry(x - hostBase);
          return;
        }
        // Input i's blocks freed, its port free; the credits go back to i's sender (folded when it ends later).
        R[bOcc + i * sOcc]! -= BLOCKS;
        R[bBusy + i * sBusy] = 0;
        const at = now + DELAY;
        if (R[bCur + i * sCur] !== -1 && RF[bEnd + i * sEnd]! > at) (R[bFold + i * sFold]! += BLOCKS), events++;
        else cal.post(at, (E_CREDIT << K_SHIFT) | i, 0);
        (chooseO[nChoose] = x), (chooseI[nChoose] = i), nChoose++;
        return;
      }
      case E_CREDIT: {
        R[bCred + x * sCred]! += BLOCKS;
        if (R[bCur + x * sCur] === -1) {
          if (x >= hostBase) hostTry(x - hostBase);
          else tryOutput(x);
        }
        return;
      }
      case E_DELIVER: {
        P[b * 4 + 2] = free;
        free = b;
        delivered++;
        return;
      }
      default: {
        // E_GEN: host x's next packet; the one after it posted.
        cal.post(now - Math.log(uniform()) * meanGap, (E_GEN << K_SHIFT) | x, 0);
        const g = hostBase + x;
        if (R[bAux + g * sAux]! >= SEND_QUEUE) dropped++;
        else (R[bAux + g * sAux]!++, hostTry(x));
      }
    }
  };

  for (let h = 0; h < H; h++) cal.post(-Math.log(uniform()) * meanGap, (E_GEN << K_SHIFT) | h, 0);

  return {
    hosts: H,
    links: G,
    run(until: number): void {
      for (;;) {
        const t = cal.size() > 0 ? cal.peekTime() : Infinity;
        if (nChoose > 0 && t > now) {
          // The instant's choices: the output that ended first, then the freed input's head's output.
          for (let c = 0; c < nChoose; c++) {
            const o = chooseO[c]!;
            const i = chooseI[c]!;
            tryOutput(o);
            const o2 = R[bHOut + i * sHOut]!;
            if (o2 >= 0 && R[bCur + o2 * sCur] === -1) tryOutput(o2);
          }
          events += nChoose;
          nChoose = 0;
          continue;
        }
        if (t > until) break;
        now = t;
        const a = cal.takeA();
        handle(a, cal.lastB());
        events++;
        if (work > 0) sink = spin(sink, work);
      }
      now = until;
    },
    counts() {
      let hops = 0;
      for (let g = 0; g < G; g++) hops += R[bSent + g * sSent]!;
      return { hops, events, delivered, dropped, pending: cal.size(), sink };
    },
  };
}
