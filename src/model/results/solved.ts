/** The fabric model's solved state, handed from the fixed point (solve.ts) to the result records (assemble.ts). */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';
import type { Allocation } from '../routes/maxmin.js';
import type { ModelNetwork } from '../spec/network.js';

/** The solved state, for assemble.ts. */
export interface SolvedModel {
  readonly net: ModelNetwork;
  readonly m: CompiledModel;
  readonly s: ModelState;
  readonly alloc: Allocation;
  readonly iterations: number;
  readonly residual: number;
  readonly converged: boolean;
  readonly tolerance: number;
  /** Set where the fixed point diverged in overload (overload.ts): the common scale of the offered rates every flow is carried at. */
  readonly overloadScale?: number;
  /** Set where a diverged iterate is kept (overload.ts `withUnboundedCapped`): 1 for each flow whose latency the iterate does not hold (Infinity). */
  readonly unbounded?: Uint8Array;
  /** Set where a solve that caps flows kept the fixed point's allocation because the input-fair one (overload.ts) did not settle: its rounds. */
  readonly sharesUnsettled?: number;
}

