/**
 * Weighted least squares with every coefficient kept at zero or above: a fitted model must never make a
 * larger part cheaper, so no term may count against size (docs/decisions/0041-instant-price-model.md).
 * The systems are tiny (up to four unknowns, a few hundred rows), solved through the normal equations.
 */

/**
 * Minimises Σ wᵢ (yᵢ − xᵢ·β)² with β ≥ 0. A term that comes out negative is held at zero and the rest
 * refitted (the active-set idea of Lawson and Hanson, dropping the most negative term at each step), until
 * all are zero or above.
 */
export function nonNegativeLeastSquares(rows: number[][], targets: number[], weights: number[]): number[] {
  const columns = rows[0]?.length ?? 0;
  let free = Array.from({ length: columns }, (_, column) => column);
  for (;;) {
    const coefficients = new Array<number>(columns).fill(0);
    solveNormalEquations(rows, targets, weights, free).forEach((value, index) => {
      coefficients[free[index] as number] = value;
    });
    const worst = free.reduce(
      (most, column) => ((coefficients[column] as number) < (coefficients[most] as number) ? column : most),
      free[0] ?? 0,
    );
    if (free.length === 0 || (coefficients[worst] as number) >= 0) return coefficients;
    free = free.filter((column) => column !== worst);
  }
}

/** (Xᵀ W X) β = Xᵀ W y over the chosen columns, by Gauss–Jordan elimination with partial pivoting. */
function solveNormalEquations(rows: number[][], targets: number[], weights: number[], chosen: number[]): number[] {
  const n = chosen.length;
  const width = n + 1;
  // The augmented matrix [Xᵀ W X | Xᵀ W y], row after row in one flat array.
  const m = new Float64Array(n * width);
  rows.forEach((row, r) => {
    const w = weights[r] as number;
    const x = chosen.map((column) => row[column] as number);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) m[i * width + j] = (m[i * width + j] as number) + w * (x[i] as number) * (x[j] as number);
      m[i * width + n] = (m[i * width + n] as number) + w * (x[i] as number) * (targets[r] as number);
    }
  });
  const at = (i: number, j: number) => m[i * width + j] as number;
  for (let column = 0; column < n; column++) {
    let pivot = column;
    for (let r = column + 1; r < n; r++) if (Math.abs(at(r, column)) > Math.abs(at(pivot, column))) pivot = r;
    for (let k = 0; k < width; k++) [m[column * width + k], m[pivot * width + k]] = [at(pivot, k), at(column, k)];
    // A column with no information (all zeros, or a copy of another) adds nothing: its coefficient stays zero.
    if (Math.abs(at(column, column)) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === column) continue;
      const factor = at(r, column) / at(column, column);
      for (let k = column; k < width; k++) m[r * width + k] = at(r, k) - factor * at(column, k);
    }
  }
  return Array.from({ length: n }, (_, i) => (Math.abs(at(i, i)) < 1e-12 ? 0 : at(i, n) / at(i, i)));
}
