/**
 * The notes the quote page shows after a form post (issue 13's contract: the
 * server answers `?done=declined|changes` or `?problem=<code>`). Only these
 * fixed texts are shown: a link cannot put its own words on the page.
 */
const DONE = {
  declined: "You have declined this quote. Thank you for letting us know.",
  changes: "Thank you — your message has been sent. We will reply by email with a new quote.",
} as const;

const PROBLEMS = {
  declined: "This quote was declined, so it can no longer be accepted or changed.",
  expired: "This quote has expired, so it can no longer be accepted or changed. Please contact us for a new quote.",
  withdrawn: "This quote has been replaced or withdrawn, so it can no longer be accepted. Please use the link in our latest email.",
  paid: "This quote has already been paid.",
  message: "Please write what you would like changed, then press Ask for changes again.",
  provider: "We couldn't open the payment page just now. Please try again in a few minutes.",
} as const;

export type QuoteNote = { kind: "done" | "problem"; text: string };

export function quoteNoteFrom(query: URLSearchParams): QuoteNote | null {
  const problem = query.get("problem");
  if (problem && Object.hasOwn(PROBLEMS, problem)) return { kind: "problem", text: PROBLEMS[problem as keyof typeof PROBLEMS] };
  const done = query.get("done");
  if (done && Object.hasOwn(DONE, done)) return { kind: "done", text: DONE[done as keyof typeof DONE] };
  return null;
}
