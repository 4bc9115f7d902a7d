/**
 * Compensated summation (Neumaier 1974, "Rundungsfehleranalyse einiger Verfahren zur Summation
 * endlicher Summen", ZAMM 54): the error of a long sum of probabilities stays a few ulps instead of
 * growing with the number of terms.
 */
export class CompensatedSum {
  private sum = 0;
  private compensation = 0;

  add(x: number): void {
    const t = this.sum + x;
    if (Math.abs(this.sum) >= Math.abs(x)) this.compensation += this.sum - t + x;
    else this.compensation += x - t + this.sum;
    this.sum = t;
  }

  get value(): number {
    return this.sum + this.compensation;
  }
}

/** Σ values, compensated. */
export function compensatedSum(values: ArrayLike<number>): number {
  const s = new CompensatedSum();
  for (let k = 0; k < values.length; k++) s.add(values[k]!);
  return s.value;
}
