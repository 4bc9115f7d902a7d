/**
 * The bound with packed records (session 22): fabric-scale-bound-kernel.ts's simulator, same rules
 * and events, each link direction's state in eight int32 words — `pack32` (32-byte records) or
 * `pack64` (the same words 64 bytes apart: bytes alone, same instructions). What moved to fit: the
 * end of a transmission is an int32 count of picoseconds (wrapping; compared by difference, good
 * for differences under 2.1 ms); link numbers in request lists are 16 bits (G < 65,535: k ≤ 32);
 * credits and folded credits share a word; the input a transmission serves travels in its end's
 * event (b), not the record; the per-port packet counters are one global counter.
 *
 * Words: 0 packet in transmission (−1 idle); 1 its end (ps); 2 credits | folded credits << 16;
 * 3 request list head | tail << 16 (0xffff: none); 4, 5 the far end's input FIFO head and tail
 * packets (−1: empty); 6 its head's next request | the output its head requests << 16; 7 blocks
 * held (bits 0–7) | input busy (bit 8) | into a host (bit 9) | send queue << 16 (host ports).
 * `:xM` cases add M tables of 32-byte records per port, one word of each updated at every event's
 * port: what each further per-port read of the real simulator would cost.
 */
import type { BoundOptions, BoundRun } from './fabric-scale-bound-kernel.js';
import { ARG, BLOCKS, BUFFER_BLOCKS, boundFabric, DELAY, E_ARRIVE, E_CREDIT, E_DELIVER, E_GEN, E_TX_END, K_SHIFT, LATENCY, MTU, PATH_STRIDE, RATE, SEND_QUEUE, spin, T_PACKET } from './fabric-scale-bound-fabric.js';
import { xorshift32 } from './derangement.js';
import { makeCalendar } from './fabric-scale-bound-calendar.js';

const NO = 0xffff;
const BUSY = 1 << 8;
const INTO_HOST = 1 << 9;
const Q_ONE = 1 << 16;
const tick = (t: number): number => Math.round(t * 1e12) | 0;

export function buildPacked(o: BoundOptions): BoundRun {
  const { H, G, hostBase, peer, paths } = boundFabric(o.k);
  if (G >= NO) throw new Error(`fabric-scale-bound: ${G} link directions do not fit the packed records' 16-bit numbers`);
  const S = o.layout === 'pack32' ? 8 : 16;
  const R = new Int32Array(G * S);
  for (let g = 0; g < G; g++) {
    const r = g * S;
    (R[r] = -1), (R[r + 4] = -1), (R[r + 5] = -1);
    R[r + 2] = BUFFER_BLOCKS;
    R[r + 3] = NO | (NO << 16);
    R[r + 6] = NO | (NO << 16);
    R[r + 7] = peer[g]! >= hostBase ? INTO_HOST : 0;
  }
  // Packets: flow, hop, next (FIFO or free list), output requested.
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
      const bigger = new Int32Array(pCap * 8);
      bigger.set(P);
      (P = bigger), (pCap *= 2);
    }
    return pUsed++;
  };
  const cal = makeCalendar(o.calendar, 8 * G, H);
  const chooseO = new Int32Array(G);
  const chooseI = new Int32Array(G);
  let nChoose = 0;
  const work = o.work ?? 0;
  const extra = Array.from({ length: o.extraTables ?? 0 }, () => new Int32Array(G * 8));
  let sink = 1;
  let now = 0;
  let events = 0;
  let hops = 0;
  let delivered = 0;
  let dropped = 0;
  // The benchmark's own stream (derangement.ts's xorshift32), in (0, 1) for the exponential gaps.
  const rng = xorshift32(((o.seed ?? 1) * 2654435761) >>> 0);
  const uniform = (): number => (rng() + 0.5) / 4294967296;
  const meanGap = 1 / (0.5 * (RATE / MTU));

  const transmit = (g: number, p: number, from: number): void => {
    const r = g * S;
    R[r] = p;
    const misc = R[r + 7]!;
    if ((misc & INTO_HOST) === 0) R[r + 2]! -= BLOCKS;
    hops++;
    const end = now + T_PACKET;
    R[r + 1] = tick(end);
    cal.post(end, (E_TX_END << K_SHIFT) | g, from);
    if ((misc & INTO_HOST) !== 0) cal.post(end + DELAY, (E_DELIVER << K_SHIFT) | g, p);
    else cal.post(now + DELAY + LATENCY, (E_ARRIVE << K_SHIFT) | g, p);
  };
  const hostTry = (h: number): void => {
    const r = (hostBase + h) * S;
    if (R[r] !== -1 || R[r + 7]! < Q_ONE || (R[r + 2]! & 0xffff) < BLOCKS) return;
    const p = alloc();
    (P[p * 4] = h), (P[p * 4 + 1] = 0);
    transmit(hostBase + h, p, -1);
  };
  /** Input i's head requests output o (appended to o's list). */
  const request = (i: number, o: number): void => {
    R[i * S + 6] = NO | (o << 16);
    const ro = o * S;
    const list = R[ro + 3]!;
    const t = list >>> 16;
    if (t === NO) R[ro + 3] = i | (i << 16);
    else {
      R[t * S + 6] = (R[t * S + 6]! & ~0xffff) | i;
      R[ro + 3] = (list & 0xffff) | (i << 16);
    }
  };
  const tryOutput = (o: number): void => {
    const ro = o * S;
    if (R[ro] !== -1 || (R[ro + 2]! & 0xffff) < BLOCKS) return;
    const list = R[ro + 3]!;
    let prev = NO;
    let i = list & 0xffff;
    while (i !== NO && (R[i * S + 7]! & BUSY) !== 0) (prev = i), (i = R[i * S + 6]! & 0xffff);
    if (i === NO) return;
    const ri = i * S;
    const next = R[ri + 6]! & 0xffff;
    let head = list & 0xffff;
    let tail = list >>> 16;
    if (prev === NO) head = next;
    else R[prev * S + 6] = (R[prev * S + 6]! & ~0xffff) | next;
    if (next === NO) tail = prev;
    R[ro + 3] = head | (tail << 16);
    const p = R[ri + 4]!;
    const q = P[p * 4 + 2]!;
    R[ri + 4] = q;
    R[ri + 7]! |= BUSY;
    if (q < 0) (R[ri + 5] = -1), (R[ri + 6] = NO | (NO << 16));
    else request(i, P[q * 4 + 3]!);
    transmit(o, p, i);
  };

  const handle = (a: number, b: number): void => {
    const x = a & ARG;
    switch (a >>> K_SHIFT) {
      case E_ARRIVE: {
        const hop = P[b * 4 + 1]! + 1;
        const out = paths[P[b * 4]! * PATH_STRIDE + hop]!;
        (P[b * 4 + 1] = hop), (P[b * 4 + 2] = -1), (P[b * 4 + 3] = out);
        const rx = x * S;
        R[rx + 7]! += BLOCKS;
        const t = R[rx + 5]!;
        R[rx + 5] = b;
        if (t >= 0) P[t * 4 + 2] = b;
        else {
          R[rx + 4] = b;
          request(x, out);
          if (R[out * S] === -1) tryOutput(out);
        }
        return;
      }
      case E_TX_END: {
        const rx = x * S;
        R[rx] = -1;
        const cred = R[rx + 2]!;
        if (cred >>> 16 !== 0) R[rx + 2] = (cred & 0xffff) + (cred >>> 16);
        if (b < 0) {
          R[rx + 7]! -= Q_ONE;
          hostTry(x - hostBase);
          return;
        }
        const ri = b * S;
        R[ri + 7] = (R[ri + 7]! - BLOCKS) & ~BUSY;
        const at = now + DELAY;
        if (R[ri] !== -1 && ((R[ri + 1]! - tick(at)) | 0) > 0) (R[ri + 2]! += BLOCKS << 16), events++;
        else cal.post(at, (E_CREDIT << K_SHIFT) | b, 0);
        (chooseO[nChoose] = x), (chooseI[nChoose] = b), nChoose++;
        return;
      }
      case E_CREDIT: {
        const rx = x * S;
        R[rx + 2]! += BLOCKS;
        if (R[rx] === -1) {
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
        cal.post(now - Math.log(uniform()) * meanGap, a, 0);
        const r = (hostBase + x) * S;
        if (R[r + 7]! >>> 16 >= SEND_QUEUE) dropped++;
        else ((R[r + 7]! += Q_ONE), hostTry(x));
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
          for (let c = 0; c < nChoose; c++) {
            tryOutput(chooseO[c]!);
            const o2 = R[chooseI[c]! * S + 6]! >>> 16;
            if (o2 !== NO && R[o2 * S] === -1) tryOutput(o2);
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
        // Stand-ins for the real simulator's other per-port reads (counters, logs, recorders): one word per table.
        for (let m = 0; m < extra.length; m++) extra[m]![(a & ARG) * 8]!++;
      }
      now = until;
    },
    counts() {
      return { hops, events, delivered, dropped, pending: cal.size(), sink };
    },
  };
}
