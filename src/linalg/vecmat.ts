/** Small dense kernels on row-major Float64Array matrices. */

/** y = x·A for a row vector x of length size and A row-major size × size. */
export function vectorTimesMatrix(x: ArrayLike<number>, a: ArrayLike<number>, size: number): Float64Array {
  const y = new Float64Array(size);
  for (let r = 0; r < size; r++) {
    const xr = x[r]!;
    if (xr === 0) continue;
    const base = r * size;
    for (let c = 0; c < size; c++) y[c]! += xr * a[base + c]!;
  }
  return y;
}

/** C = A·B, both row-major size × size. */
export function matrixTimesMatrix(a: ArrayLike<number>, b: ArrayLike<number>, size: number): Float64Array {
  const c = new Float64Array(size * size);
  for (let r = 0; r < size; r++) {
    for (let k = 0; k < size; k++) {
      const ark = a[r * size + k]!;
      if (ark === 0) continue;
      const bBase = k * size;
      const cBase = r * size;
      for (let col = 0; col < size; col++) c[cBase + col]! += ark * b[bBase + col]!;
    }
  }
  return c;
}

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
  let y: Float64Array = Float64Array.from(x as ArrayLike<number>);
  if (power <= 2 * size || power <= 64) {
    for (let k = 0; k < power; k++) y = vectorTimesMatrix(y, a, size);
    return y;
  }
  let base: Float64Array = Float64Array.from(a as ArrayLike<number>);
  let e = power;
  while (e > 0) {
    if (e % 2 === 1) y = vectorTimesMatrix(y, base, size);
    e = Math.floor(e / 2);
    if (e > 0) base = matrixTimesMatrix(base, base, size);
  }
  return y;
}
