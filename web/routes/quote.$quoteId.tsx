import { data, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";
import { formatPence } from "../../shared/money";
import { leadTimeText, quoteLineText, quoteLineTotal } from "../../shared/quote-view";
import { formatUkDay, ukToday } from "../../shared/uk-day";
import { NotFound } from "../../src/errors";
import { PROVIDER_UNREACHABLE } from "../../src/modules/checkout/payment-session";
import { ANSWER_MESSAGES, type QuoteView, type ShopperMessage } from "../../src/modules/quotes/model";
import { Island } from "../components/Island";
import { OrderTotals } from "../components/OrderTotals";
import { PageIntro } from "../components/PageIntro";
import { QuoteActions } from "../islands/QuoteActions";
import { useShop } from "../lib/use-shop";
import { depsOf } from "./context";
import type { RouteHandle } from "./meta";
import type { ErrorData } from "./root";

/**
 * The shopper's quote (docs/decisions/0014-quotes.md): read through the quote
 * service with the link's token. An unknown id, a wrong token and none all show the
 * same 404, with the API's words, so neither can be probed from the page either.
 */
export function quoteLoader(args: LoaderFunctionArgs) {
  const query = new URL(args.request.url).searchParams;
  const token = query.get("t") ?? "";
  try {
    const quote = depsOf(args).quotes.read(args.params.quoteId ?? "", token || undefined);
    return { quote, token, note: noteFrom(query, quote) };
  } catch (error) {
    if (error instanceof NotFound) throw data<ErrorData>({ title: "Quote not found", message: error.message }, { status: 404 });
    throw error;
  }
}

export const quoteHandle: RouteHandle = {
  // One shopper's quote, opened by the secret in its query: never kept, never stored, never indexed (path null).
  policy: { audience: "personal" },
  meta: (_data, shop) => ({
    title: `Your quote · ${shop.name}`,
    description: `A quote from ${shop.name} for your custom print.`,
    path: null,
  }),
};

export function QuotePage() {
  const { quote, token, note } = useLoaderData<typeof quoteLoader>();
  const shop = useShop();
  const live = quote.status === "sent" || quote.status === "changes_requested";
  return (
    <div className="container narrow quote-page">
      {note && <Note note={note} />}
      <PageIntro
        eyebrow={`${shop.name} · your quote`}
        title={quote.version > 1 ? `Quote ${quote.version} for your custom request` : "Quote for your custom request"}
      >
        <p>
          {live
            ? `Priced for the custom print you asked us about. You can accept it until ${formatUkDay(quote.valid_until)}.`
            : "Priced for the custom print you asked us about."}
        </p>
      </PageIntro>

      <section className="card quote-page__summary" aria-label="The quote">
        <ul className="order-items" aria-label="What is included">
          {quote.lines.map((line, index) => (
            <li key={`${index}-${line.description}`}>
              <span>
                {quoteLineText(line)}
                {line.quantity > 1 && <span className="quote-page__each">{`${formatPence(line.amount_cents)} each`}</span>}
              </span>
              <span>{formatPence(quoteLineTotal(line))}</span>
            </li>
          ))}
        </ul>
        <OrderTotals order={{ amount_cents: quote.total_cents, delivery_cents: quote.delivery_cents, items: linesAsItems(quote) }} />
        <dl className="facts">
          <div>
            <dt>Lead time</dt>
            <dd>{leadTimeText(quote.lead_time_days)}</dd>
          </div>
          <div>
            <dt>Valid until</dt>
            <dd>{formatUkDay(quote.valid_until)}</dd>
          </div>
        </dl>
        {quote.message && (
          <div className="quote-page__note">
            <h2>A note from us</h2>
            <p>{quote.message}</p>
          </div>
        )}
        <p className="quote-page__terms">{MADE_TO_SPECIFICATION}</p>
      </section>

      {live ? (
        <>
          {quote.status === "changes_requested" && (
            <p className="banner banner--info">
              You have asked for changes: we will reply by email with a new quote. You can still accept this one as it is.
            </p>
          )}
          <Island name="QuoteActions" component={QuoteActions} props={{ quoteId: quote.id, token, totalPence: quote.total_cents }} />
        </>
      ) : (
        <div className="card quote-page__outcome">
          <p>{outcomeSentence(quote)}</p>
          {quote.status === "paid" && quote.order_id && (
            <a className="button button--primary" href={`/order/${encodeURIComponent(quote.order_id)}`}>
              View your order
            </a>
          )}
          {(quote.status === "declined" || quote.status === "expired") && (
            <a className="button button--ghost" href="/contact">
              Contact us
            </a>
          )}
        </div>
      )}

      <AskedFor quote={quote} />
    </div>
  );
}

/** What the shopper asked for and what they said since: the quote answers these, so they sit beside it. */
function AskedFor({ quote }: { quote: QuoteView }) {
  const { details, material, color } = quote.request;
  const facts = [
    ["Material", material],
    ["Colour", color],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <section className="card quote-page__asked" aria-labelledby="quote-asked-heading">
      <h2 id="quote-asked-heading">What you asked for</h2>
      <p className="quote-page__asked-details">{details}</p>
      {facts.length > 0 && (
        <dl className="facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {quote.attachments.length > 0 && (
        <div className="quote-page__files">
          <h3>Your files</h3>
          <ul aria-label="Your files">
            {quote.attachments.map((file, index) => (
              <li key={`${index}-${file.filename}`}>{file.filename}</li>
            ))}
          </ul>
        </div>
      )}
      {quote.your_messages.length > 0 && (
        <div className="quote-page__messages">
          <h3>Your messages</h3>
          <ul aria-label="Your messages">
            {quote.your_messages.map((message) => (
              <li key={message.version}>
                <p className="quote-page__message-about">{messageHeading(message)}</p>
                <p className="quote-page__message">{message.message}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** "Asking for changes to quote 1, Friday 27 November 2026": which answer, to which version, on which UK day. */
function messageHeading(message: ShopperMessage): string {
  const answer = message.kind === "declined" ? "Declining" : "Asking for changes to";
  return `${answer} quote ${message.version}, ${formatUkDay(ukToday(new Date(message.sent_at)))}`;
}

/** A quote's lines in the shape OrderTotals adds up: the price of one and how many. */
function linesAsItems(quote: QuoteView) {
  return quote.lines.map((line) => ({ unit_price_cents: line.amount_cents, quantity: line.quantity }));
}

/** What a quote that can no longer be answered says instead of the three actions. */
function outcomeSentence(quote: QuoteView): string {
  switch (quote.status) {
    case "paid":
      return quote.order_id
        ? `Paid — thank you. Your order reference is ${quote.order_id}.`
        : "Paid — thank you. The confirmation email has your order link.";
    case "declined":
      return "You declined this quote. If you change your mind, contact us and we will gladly send a new one.";
    case "expired":
      return `This quote expired on ${formatUkDay(quote.valid_until)}. If you would still like it made, contact us for a new quote.`;
    default:
      return "This quote has been replaced or withdrawn, so it can no longer be accepted. Please use the link in our latest email.";
  }
}

/**
 * The note after a form post: the answer routes (src/modules/quotes/index.ts) send the shopper back
 * with `done=declined|changes` or `problem=<code>`. Only these fixed texts are shown, so a link cannot
 * put its own words on the page; a refusal reads as the JSON call's own message (ANSWER_MESSAGES).
 */
const DONE = {
  declined: "You have declined this quote. Thank you for letting us know.",
  changes: "Thank you — your message has been sent. We will reply by email with a new quote.",
} as const;

const PROBLEMS = {
  declined: () => ANSWER_MESSAGES.declined,
  expired: (quote: QuoteView) => ANSWER_MESSAGES.expired(formatUkDay(quote.valid_until)),
  withdrawn: () => ANSWER_MESSAGES.withdrawn,
  paid: () => ANSWER_MESSAGES.paid,
  message: () => ANSWER_MESSAGES.changesMessage,
  // The words of the payment opener's 502 (src/modules/checkout/payment-session.ts).
  provider: () => PROVIDER_UNREACHABLE,
} as const satisfies Record<string, (quote: QuoteView) => string>;

type QuoteNote = { kind: "done" | "problem"; text: string };

function noteFrom(query: URLSearchParams, quote: QuoteView): QuoteNote | null {
  const problem = query.get("problem");
  if (problem && Object.hasOwn(PROBLEMS, problem)) return { kind: "problem", text: PROBLEMS[problem as keyof typeof PROBLEMS](quote) };
  const done = query.get("done");
  if (done && Object.hasOwn(DONE, done)) return { kind: "done", text: DONE[done as keyof typeof DONE] };
  return null;
}

function Note({ note }: { note: QuoteNote }) {
  return note.kind === "done" ? (
    <p className="banner banner--success quote-page__note-banner" role="status">
      {note.text}
    </p>
  ) : (
    <p className="banner banner--warning quote-page__note-banner" role="alert">
      {note.text}
    </p>
  );
}
