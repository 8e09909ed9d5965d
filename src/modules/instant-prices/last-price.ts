/**
 * The last price the price call answered for a model (uploads.model_price): the shopper's choices and the amount
 * they were shown. The checkout prices the model again and compares (docs/decisions/0042-instant-prices-calls-and-checkout.md);
 * the scale lives only here, since a basket line carries the model's token, material and colour.
 */
export type LastModelPrice = {
  material: string;
  colour: string;
  quantity: number;
  scale: number;
  status: "instant" | "review";
  amount_pence: number | null;
};
