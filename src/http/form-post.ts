/** A plain HTML form's post (the pages that work without JavaScript), not a script's JSON. */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

/** The answer to a form post: 303 to the page that shows its outcome, never kept. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}
