/**
 * The state-space machinery of the exact chains that check the fabric model (exactMerge.ts: two
 * flows into one switch output; exactTwoSwitch.ts: two switches in a row): states are small integer
 * tuples, the chain is built by breadth-first search from the empty network (so only reachable
 * states exist and the chain is irreducible when every flow's rate is positive or its states are
 * never reached), every transition is followed by the instantaneous choices of the outputs that
 * fell idle (`settle`), and the stationary distribution comes from src/markov (GTH).
 */
import { generatorFromTransitions, solveCtmc, type Transition } from '../../markov/index.js';

/** A state: small non-negative integers (queue lengths, which buffer an output serves, codes). */
export type ChainState = readonly number[];

/** The model of one chain: where it starts and what it does. */
export interface ChainSpec {
  /** The empty network (every queue and buffer empty, every output idle). */
  readonly initial: ChainState;
  /** Calls `emit(next, rate)` for each timed transition out of `s` (next before the outputs settle). */
  readonly moves: (s: ChainState, emit: (next: number[], rate: number) => void) => void;
  /** The instantaneous choices after a transition: the states it may end in, with probabilities summing to 1. */
  readonly settle: (s: number[]) => readonly (readonly [number[], number])[];
}

/** The stationary distribution over the reachable states. */
export interface ChainSolution {
  readonly states: readonly ChainState[];
  readonly probabilities: readonly number[];
  /** max |πQ| of the solution (src/markov). */
  readonly residual: number;
}

/**
 * Builds the reachable chain of `spec` and solves it (GTH, at most 5000 states: src/markov's bound).
 * @throws InvalidParameterError (from src/markov) when more than 5000 states are reachable.
 * @example solveChain({ initial: [0], moves: (s, emit) => { if (s[0]! < 1) emit([1], 2); else emit([0], 3); }, settle: (s) => [[s, 1]] }).probabilities; // ≈ [0.6, 0.4]
 */
export function solveChain(spec: ChainSpec): ChainSolution {
  const index = new Map<string, number>();
  const states: ChainState[] = [];
  const visit = (s: ChainState): number => {
    const key = s.join(',');
    let i = index.get(key);
    if (i === undefined) {
      i = states.length;
      index.set(key, i);
      states.push(s);
    }
    return i;
  };
  const transitions: Transition[] = [];
  for (const [s] of spec.settle([...spec.initial])) visit(s);
  for (let i = 0; i < states.length; i++) {
    spec.moves(states[i]!, (next, rate) => {
      if (!(rate > 0)) return;
      for (const [to, p] of spec.settle(next)) if (p > 0) transitions.push({ from: i, to: visit(to), rate: rate * p });
    });
  }
  const solution = solveCtmc(generatorFromTransitions(states.length, transitions));
  return { states, probabilities: solution.probabilities, residual: solution.diagnostics.residual };
}

/** E[g(state)] under the stationary distribution. */
export function expectation(c: ChainSolution, g: (s: ChainState) => number): number {
  let sum = 0;
  c.states.forEach((s, i) => (sum += c.probabilities[i]! * g(s)));
  return sum;
}

/**
 * An idle output's choice among the inputs whose heads wait for it: each candidate (index into
 * `waiting`, true if its head waits) with equal probability, or none. Returns [choice + 1, p]
 * pairs, 0 for "stays idle" (the exact chains' output-state convention: 0 idle, i serving input i).
 */
export function uniformChoice(waiting: readonly boolean[]): readonly (readonly [number, number])[] {
  const ready = waiting.flatMap((w, i) => (w ? [i + 1] : []));
  return ready.length === 0 ? [[0, 1]] : ready.map((o) => [o, 1 / ready.length] as const);
}

/**
 * A FIFO of at most a few packets labelled 0 or 1, as one integer: 2^length − 1 + the labels'
 * bits (the head the lowest bit). 0 is the empty FIFO; length ≤ 2 takes the codes 0..6.
 */
export const labelFifo = {
  length(code: number): number {
    return Math.floor(Math.log2(code + 1));
  },
  head(code: number): number {
    return (code + 1 - 2 ** labelFifo.length(code)) & 1;
  },
  count(code: number, label: number): number {
    const n = labelFifo.length(code);
    let bits = code + 1 - 2 ** n;
    let c = 0;
    for (let i = 0; i < n; i++, bits >>= 1) if ((bits & 1) === label) c++;
    return c;
  },
  push(code: number, label: number): number {
    const n = labelFifo.length(code);
    const bits = code + 1 - 2 ** n;
    return 2 ** (n + 1) - 1 + bits + label * 2 ** n;
  },
  pop(code: number): number {
    const n = labelFifo.length(code);
    const bits = code + 1 - 2 ** n;
    return 2 ** (n - 1) - 1 + (bits >> 1);
  },
} as const;
