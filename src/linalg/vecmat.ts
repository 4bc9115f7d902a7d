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
  let y: Float64Array = Float64Array.from(x);
  const step = (v: Float64Array, m: Float64Array): Float64Array => vecMat(v, m, new Float64Array(size), size);
  let base: Float64Array = Float64Array.from(a);
  if (power <= 2 * size || power <= 64) {
    for (let k = 0; k < power; k++) y = step(y, base);
    return y;
  }
  let e = power;
  while (e > 0) {
    if (e % 2 === 1) y = step(y, base);
    e = Math.floor(e / 2);
    if (e > 0) base = matMul(base, base, new Float64Array(size * size), size);
  }
  return y;
}
