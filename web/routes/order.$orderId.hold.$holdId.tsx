import { data, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { formatUkDay, ukToday } from "../../shared/uk-day";
import { defaultActionText } from "../../src/emails/hold";
import { NotFound } from "../../src/errors";
import { closedHoldMessage, HOLD_MESSAGES, type HoldView, REASON_LABELS } from "../../src/modules/holds/model";
import { Island } from "../components/Island";
import { PageIntro } from "../components/PageIntro";
import { HoldActions } from "../islands/HoldActions";
import { useShop } from "../lib/use-shop";
import { depsOf } from "./context";
import type { RouteHandle } from "./meta";
import type { ErrorData } from "./root";

/**
 * The shopper's question about their order (docs/decisions/0048-order-holds.md): read through the hold service with
 * the link's token. An unknown hold, a wrong token and none all show the same 404 with the API's words. Server-rendered
 * forms answer it without JavaScript; the HoldActions island adds the product page's upload for a replacement file.
 */
export function holdLoader(args: LoaderFunctionArgs) {
  const query = new URL(args.request.url).searchParams;
  const token = query.get("t") ?? "";
  try {
    const hold = depsOf(args).holds.read(args.params.orderId ?? "", args.params.holdId ?? "", token || undefined);
    return { hold, token, note: noteFrom(query, hold) };
  } catch (error) {
    if (error instanceof NotFound) throw data<ErrorData>({ title: "Question not found", message: error.message }, { status: 404 });
    throw error;
  }
}

export const holdHandle: RouteHandle = {
  // One shopper's question, opened by the secret in its query: never kept, never stored, never indexed (path null).
  policy: { audience: "personal" },
  meta: (_data, shop) => ({
    title: `Your order needs your input · ${shop.name}`,
    description: `A question from ${shop.name} about your order.`,
    path: null,
  }),
};

const day = (at: string) => formatUkDay(ukToday(new Date(at)), { year: false });

export function HoldPage() {
  const { hold, token, note } = useLoaderData<typeof holdLoader>();
  const shop = useShop();
  const waiting = hold.status === "waiting";
  const earlier = hold.versions.slice(0, -1);
  return (
    <div className="container narrow hold-page">
      {note && (
        <p
          className={`banner ${note.kind === "done" ? "banner--success" : "banner--warning"} hold-page__note`}
          role={note.kind === "done" ? "status" : "alert"}
        >
          {note.text}
        </p>
      )}
      <PageIntro
        eyebrow={`${shop.name} · order ${hold.order_id}`}
        title={waiting ? "Your order needs your input" : "A question about your order"}
      >
        <p>
          {waiting
            ? `Waiting for you since ${day(hold.since)}. We have paused making your order; your dispatch date is set again from the day you answer.`
            : statusSentence(hold)}
        </p>
      </PageIntro>

      <section className="card hold-page__question" aria-labelledby="hold-question-title">
        <h2 id="hold-question-title">{REASON_LABELS[hold.reason]}</h2>
        {hold.line && <p className="hint">About: {hold.line.product_name}</p>}
        <p className="hold-page__message">{hold.message}</p>
        {hold.proofs.length > 0 && (
          <ul className="hold-page__proofs" aria-label="Proof pictures">
            {hold.proofs.map((proof, index) => (
              <li key={proof.url}>
                <a href={proof.url}>
                  <img src={proof.url} alt={`Proof ${index + 1} of ${hold.proofs.length}`} loading={index === 0 ? "eager" : "lazy"} />
                </a>
              </li>
            ))}
          </ul>
        )}
        {waiting && <p className="hint">{defaultActionText(hold.default_action, hold.window_ends)}</p>}
      </section>

      {waiting && (
        <Island
          name="HoldActions"
          component={HoldActions}
          props={{
            orderId: hold.order_id,
            holdId: hold.id,
            token,
            allowCancel: hold.allow_cancel,
            replaceable: hold.line?.file ? { productId: hold.line.product_id, file: hold.line.file } : null,
          }}
        />
      )}

      {earlier.length > 0 && (
        <section className="card hold-page__history" aria-labelledby="hold-history-title">
          <h2 id="hold-history-title">Earlier proofs</h2>
          <ol>
            {earlier.map((version) => (
              <li key={version.version}>
                <p className="hint">
                  Proof {version.version}, {day(version.sent_at)}
                </p>
                <p>{version.message}</p>
                {version.answer_message && <p className="hold-page__your-answer">You said: {version.answer_message}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}

      <p>
        <a href={`/order/${encodeURIComponent(hold.order_id)}`}>View your order</a>
      </p>
    </div>
  );
}

function statusSentence(hold: HoldView): string {
  switch (hold.status) {
    case "approved":
      return "You approved it, thank you: your order is back in the making.";
    case "changes_requested":
      return "Thank you: we have your request for a change and will email you a new proof.";
    case "cancelled":
      return "You cancelled this order and we have refunded you in full.";
    case "lapsed":
      return "The time to answer ran out, so we went ahead as we said we would.";
    default:
      return "";
  }
}

/**
 * The note after a form post: the answer routes (src/modules/holds/index.ts) send the shopper back with `done=` or
 * `problem=`. Only these fixed texts are shown, so a link cannot put its own words on the page.
 */
const DONE = {
  approved: "Thank you for approving: we are making your order again.",
  changes: "Thank you: your message has been sent. We will email you a new proof.",
  cancelled: "Your order is cancelled and refunded in full. The refund email is on its way.",
} as const;

const PROBLEMS = {
  message: () => HOLD_MESSAGES.changesMessage,
  cancel: () => HOLD_MESSAGES.cancelNotOffered,
  approved: () => closedHoldMessage("approved"),
  changes_requested: () => closedHoldMessage("changes_requested"),
  cancelled: () => closedHoldMessage("cancelled"),
  lapsed: () => closedHoldMessage("lapsed"),
} as const;

function noteFrom(query: URLSearchParams, _hold: HoldView): { kind: "done" | "problem"; text: string } | null {
  const problem = query.get("problem");
  if (problem && Object.hasOwn(PROBLEMS, problem)) return { kind: "problem", text: PROBLEMS[problem as keyof typeof PROBLEMS]() };
  const done = query.get("done");
  if (done && Object.hasOwn(DONE, done)) return { kind: "done", text: DONE[done as keyof typeof DONE] };
  return null;
}
