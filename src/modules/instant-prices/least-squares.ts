/**
 * Weighted least squares with every coefficient kept at zero or above: a fitted model must never make a
 * larger part cheaper, so no term may count against size (docs/decisions/0041-instant-price-model.md).
 * The systems are tiny (up to four unknowns, a few hundred rows), solved through the normal equations.
 */

/**
 * Minimises Σ wᵢ (yᵢ − xᵢ·β)² with β ≥ 0. A term that comes out negative is held at zero and the rest
 * refitted (the active-set idea of Lawson and Hanson, dropping the worst term at each step), until all are
 * zero or above. A term left out entirely (its column all zeros) stays zero.
 */
export function nonNegativeLeastSquares(rows: number[][], targets: number[], weights: number[]): number[] {
  const columns = rows[0]?.length ?? 0;
  const active = new Set(Array.from({ length: columns }, (_, column) => column));
  for (;;) {
    const chosen = [...active];
    const solved = solve(rows, targets, weights, chosen);
    const coefficients = new Array<number>(columns).fill(0);
    chosen.forEach((column, index) => {
      coefficients[column] = solved[index] as number;
    });
    let worst = -1;
    for (const column of chosen)
      if ((coefficients[column] as number) < 0 && (worst < 0 || (coefficients[column] as number) < (coefficients[worst] as number)))
        worst = column;
    if (worst < 0) return coefficients;
    active.delete(worst);
  }
}

/** The normal equations (Xᵀ W X) β = Xᵀ W y over the chosen columns, by Gaussian elimination with pivoting. */
function solve(rows: number[][], targets: number[], weights: number[], chosen: number[]): number[] {
  const n = chosen.length;
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  rows.forEach((row, r) => {
    const w = weights[r] as number;
    for (let i = 0; i < n; i++) {
      const xi = row[chosen[i] as number] as number;
      for (let j = 0; j < n; j++) (a[i] as number[])[j] = ((a[i] as number[])[j] as number) + w * xi * (row[chosen[j] as number] as number);
      (a[i] as number[])[n] = ((a[i] as number[])[n] as number) + w * xi * (targets[r] as number);
    }
  });
  for (let column = 0; column < n; column++) {
    let pivot = column;
    for (let r = column + 1; r < n; r++)
      if (Math.abs((a[r] as number[])[column] as number) > Math.abs((a[pivot] as number[])[column] as number)) pivot = r;
    [a[column], a[pivot]] = [a[pivot] as number[], a[column] as number[]];
    const top = a[column] as number[];
    // A column with no information (all zeros, or a copy of another) adds nothing: its coefficient is zero.
    if (Math.abs(top[column] as number) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === column) continue;
      const row = a[r] as number[];
      const factor = (row[column] as number) / (top[column] as number);
      for (let k = column; k <= n; k++) row[k] = (row[k] as number) - factor * (top[k] as number);
    }
  }
  return a.map((row, i) => (Math.abs(row[i] as number) < 1e-12 ? 0 : (row[n] as number) / (row[i] as number)));
}
