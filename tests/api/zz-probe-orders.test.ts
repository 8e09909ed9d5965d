import { test } from "bun:test";
import { addProduct } from "../support/factories";
import { payDemo, postCheckout, sessionIdOf, units } from "../support/checkout";
import { createTestShop } from "../support/test-app";
test("probe", async () => {
  const shop = await createTestShop();
  addProduct(shop.db, { id: "feeder", name: "Bird feeder", price_cents: 2400, stock: 5 });
  const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
  const sid = sessionIdOf(body.url ?? "");
  console.log((await payDemo(shop, sid)).status);
  const c = await shop.json<{ orderId: string }>("/api/checkout/confirm", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id: sid }) });
  const id = c.body.orderId;
  for (const q of ["postalCode=SW1Y%204JH", "postalCode=a&postalCode=SW1Y4JH", "postalCode[]=x", "postalCode=x&sessionId=a&sessionId=b", "postalCode[a]=1"]) {
    const r = await shop.request(`/api/orders/${id}?${q}`);
    console.log(q, r.status, (await r.text()).slice(0, 400), JSON.stringify([...r.headers]));
  }
  shop.close();
});
