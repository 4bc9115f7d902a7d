/** Powers of a matrix applied to a row vector, on the dense kernels of float64Dense. */
import { matMul, vecMat } from './float64Dense.js';

/**
 * x·A^power (power a non-negative integer): repeated vector products for small powers (cost
 * power·size²), binary powering of A beyond (cost log2(power)·size³), whichever is cheaper.
 */
export function vectorTimesMatrixPower(
  x: ArrayLike<number>,
  a: ArrayLike<number>,
  size: number,
  power: number,
): Float64Array {
  // Two vectors and two matrices, swapped at each step (vecMat and matMul must not write over
  // their inputs), instead of a fresh array per step.
  let y: Float64Array = Float64Array.from(x);
  let ySpare: Float64Array = new Float64Array(size);
  const step = (m: Float64Array): void => {
    const out = vecMat(y, m, ySpare, size);
    ySpare = y;
    y = out;
  };
  let base: Float64Array = Float64Array.from(a);
  if (power <= 2 * size || power <= 64) {
    for (let k = 0; k < power; k++) step(base);
    return y;
  }
  let baseSpare: Float64Array = new Float64Array(size * size);
  let e = power;
  while (e > 0) {
    if (e % 2 === 1) step(base);
    e = Math.floor(e / 2);
    if (e > 0) {
      const sq = matMul(base, base, baseSpare, size);
      baseSpare = base;
      base = sq;
    }
  }
  return y;
}
