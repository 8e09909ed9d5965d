import { useEffect } from "react";

/**
 * Forms holding changes the owner typed and has not saved. Leaving the page (another admin page,
 * Refresh, Sign out, closing an editor, the browser's Back or Forward) asks first; closing the tab or
 * reloading gets the browser's own question (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md).
 */
const unsaved = new Set<symbol>();

const LEAVE_QUESTION = "You have changes that are not saved. Leave without saving them?";

function askBeforeUnload(event: BeforeUnloadEvent) {
  if (unsaved.size === 0) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set; every browser shows its own words, never these.
  event.returnValue = LEAVE_QUESTION;
}

/**
 * The browser's Back and Forward between admin pages: one document, so no `beforeunload`. The Navigation API's
 * `navigate` event comes before the address moves and a same-document traversal may be cancelled there, so the
 * owner is asked the same question as the admin's own links and, answering no, stays with the address and the
 * form untouched (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md). A traversal that leaves the
 * admin's page is another document: `beforeunload` asks for it.
 */
function askBeforeTraversal(event: NavigateEvent) {
  if (event.navigationType !== "traverse" || !event.destination.sameDocument || !event.cancelable) return;
  if (!mayLeave()) event.preventDefault();
}

let listening = false;

/** Marks the calling form as holding unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    if (!listening) {
      window.addEventListener("beforeunload", askBeforeUnload);
      // Browsers without the Navigation API move the address before telling the page: there Back is not asked about.
      if ("navigation" in window) navigation.addEventListener("navigate", askBeforeTraversal);
      listening = true;
    }
    const form = Symbol("unsaved form");
    unsaved.add(form);
    return () => {
      unsaved.delete(form);
    };
  }, [dirty]);
}

/** True when nothing is unsaved, or the owner agrees to lose it. */
export function mayLeave(): boolean {
  return unsaved.size === 0 || window.confirm(LEAVE_QUESTION);
}
