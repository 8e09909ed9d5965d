import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { PageIntro } from "../components/PageIntro";
import { PostcodeField } from "../components/PostcodeField";
import { refusedFormOf } from "./context";
import type { RouteHandle } from "./meta";

/** The problems POST /order shows again (src/modules/orders/index.ts): nothing else can reach the page. */
const FIND_PROBLEMS = ["Please enter your order reference", "Please enter your postal code"] as const;

/** What was typed comes back only in the render of a refused post, never from a URL. */
export function findOrderLoader(args: LoaderFunctionArgs) {
  const refused = refusedFormOf(args);
  const problem = FIND_PROBLEMS.find((text) => text === refused?.errorCode) ?? null;
  return { problem, orderReference: refused?.typed.orderReference ?? "", postalCode: refused?.typed.postalCode ?? "" };
}

/**
 * Personal and not in the sitemap: a refused post shows the shopper's postcode again, so no answer
 * of this path may be kept; and /order sits under /order/:orderId's fixed part, personal already.
 */
export const findOrderHandle: RouteHandle = {
  policy: { audience: "personal" },
  meta: (_data, shop) => ({
    title: `Track your order · ${shop.name}`,
    description: "Find an order with its reference and delivery postcode.",
    path: null,
  }),
};

/**
 * "Track your order" from the footer: a plain form that works without JavaScript. It posts to
 * /order, which sends the browser on to /order/{id} with the same body (307), so the postcode
 * never goes into a URL.
 */
export function FindOrderPage() {
  const { problem, orderReference, postalCode } = useLoaderData<typeof findOrderLoader>();
  const referenceMissing = problem === "Please enter your order reference";
  return (
    <div className="container narrow">
      <PageIntro title="Track your order">
        <p>
          Enter your order reference (it starts with ORD- and is in your confirmation email) and the postcode the order is being delivered
          to.
        </p>
      </PageIntro>
      <form className="card form lookup-form" method="post" action="/order" noValidate>
        <div className="field">
          <label htmlFor="order-reference">Order reference</label>
          <input
            id="order-reference"
            name="orderReference"
            defaultValue={orderReference}
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            placeholder="ORD-…"
            aria-invalid={referenceMissing ? true : undefined}
          />
        </div>
        <PostcodeField defaultValue={postalCode} invalid={problem !== null && !referenceMissing} />
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <button className="button button--primary" type="submit">
          Find my order
        </button>
      </form>
    </div>
  );
}
