/**
 * Stripe's published fee for a standard UK card: 1.5 % of the payment plus 20p, rounded to the penny. The demo
 * checkout charges nothing, so its orders record this figure, marked "demo" (docs/decisions/0050-money-that-reconciles.md);
 * migration 0038 works out an existing demo shop's orders with the same sum in SQL. A free order has no card payment.
 */
const DEMO_CARD_RATE = { tenthsOfAPercent: 15, fixedPence: 20 } as const;

export function demoCardFee(amountPence: number): { feePence: number; netPence: number } {
  if (amountPence <= 0) return { feePence: 0, netPence: 0 };
  // In whole numbers, half a penny up, so no binary fraction tips a figure: 1.5 % of 100p is exactly 2p (1.5 up).
  const feePence = Math.floor((amountPence * DEMO_CARD_RATE.tenthsOfAPercent + 500) / 1000) + DEMO_CARD_RATE.fixedPence;
  return { feePence, netPence: amountPence - feePence };
}
