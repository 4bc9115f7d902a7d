/** Public exports of src/credit: the credit-based tandem chain (docs/models.md §6). */
export { solveCreditChain } from './solve.js';
export {
  CREDIT_METHODS,
  DEFAULT_CREDIT_TOLERANCE,
  MAX_FINITE_STATES,
  MAX_GEOMETRIC_PHASES,
  checkCreditParams,
  type CreditChainParams,
  type CreditMethod,
  type CreditSolveOptions,
  type CreditSolverMethod,
} from './params.js';
export { MAX_DENSE_STATES } from './dense.js';
export { MAX_EXACT_STATES } from './exact.js';
export { creditChainGenerator, creditStateIndex } from './generator.js';
export { creditResidual } from './stencil.js';
export { creditLevelProbabilities, creditProbability } from './distribution.js';
export { saturationThroughput } from './geometric/geometric.js';
export type {
  CreditChainResult,
  CreditDiagnostics,
  CreditDistribution,
  CreditExactValues,
  CreditThroughputForms,
  FiniteCreditDistribution,
  LevelGeometricCreditDistribution,
  NoCreditDistribution,
} from './result.js';
export { creditChainDisplay } from './display.js';
