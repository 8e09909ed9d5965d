import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Whether a person could really see and touch an element. Playwright's
 * toBeVisible() only asks for a non-empty box and no `visibility: hidden`, and
 * its click() scrolls any scroller it likes first: a menu link cut off by a
 * 64 px tall drawer passes both. Here the page is only scrolled as a person
 * scrolls it (the document, never a scroller inside it), and then the element
 * must lie inside the viewport, inside every ancestor that clips its overflow,
 * and be what the browser hits at its centre (the element or something in it,
 * not a header, backdrop or other layer over it).
 */
type Reach = { ok: true; x: number; y: number } | { ok: false; why: string };

function reachOf(element: Element): Reach {
  const nameOf = (node: Element) =>
    `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.classList.length ? `.${[...node.classList].join(".")}` : ""}>`;
  // Scroll the document (not the scrollers within it) so the element's centre is mid-screen, as a thumb would.
  const first = element.getBoundingClientRect();
  window.scrollBy({ left: 0, top: first.top + first.height / 2 - window.innerHeight / 2, behavior: "instant" });

  const box = element.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return { ok: false, why: `${nameOf(element)} has no size (${box.width}×${box.height})` };
  const edge = 0.5;
  if (box.left < -edge || box.top < -edge || box.right > window.innerWidth + edge || box.bottom > window.innerHeight + edge) {
    return {
      ok: false,
      why: `${nameOf(element)} at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)} is not inside the ${window.innerWidth}×${window.innerHeight} viewport`,
    };
  }
  for (let ancestor = element.parentElement; ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
    const style = getComputedStyle(ancestor);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const clip = ancestor.getBoundingClientRect();
    if (box.left < clip.left - edge || box.top < clip.top - edge || box.right > clip.right + edge || box.bottom > clip.bottom + edge) {
      return {
        ok: false,
        why: `${nameOf(element)} is cut off by ${nameOf(ancestor)} (${Math.round(clip.width)}×${Math.round(clip.height)} at ${Math.round(clip.left)},${Math.round(clip.top)})`,
      };
    }
  }
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !element.contains(hit)) {
    return { ok: false, why: `a tap at the centre of ${nameOf(element)} lands on ${hit ? nameOf(hit) : "nothing"}` };
  }
  return { ok: true, x, y };
}

/** Waits until a person could see and touch the element (see Reach); answers the centre point. */
export async function expectReachable(target: Locator): Promise<{ x: number; y: number }> {
  let point = null as { x: number; y: number } | null;
  await expect(async () => {
    await expect(target).toHaveCount(1);
    const reach = await target.evaluate(reachOf);
    expect(reach.ok ? "reachable" : reach.why).toBe("reachable");
    if (reach.ok) point = { x: reach.x, y: reach.y };
  }).toPass({ timeout: 15_000 });
  if (!point) throw new Error("unreachable");
  return point;
}

/**
 * Proves the element can be touched and then touches it at the very point
 * checked: a finger tap on a touch screen, a mouse click otherwise. The caller
 * then checks where the person landed.
 */
export async function tapReachable(target: Locator): Promise<void> {
  const { x, y } = await expectReachable(target);
  const page = target.page();
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

type Watched = { shownReach?: Reach | null };

/**
 * For an element a page shows only for a moment (the 'Added to basket' chip's 2 seconds): a check sent from the
 * runner after the click can arrive once it has gone on a busy machine. So the page itself watches, from before
 * the click, for the first element matching `selector` whose text holds `text`, and judges at once, in the page,
 * whether a person could see and touch it (Reach). Call this, click, then await what it answers: it waits (as
 * long as `toBeVisible` would) for the page to have shown the element, and then expects it was reachable.
 */
export async function watchReachableWhenShown(page: Page, selector: string, text: string): Promise<() => Promise<void>> {
  await page.evaluate(`window.reachOf = ${reachOf.toString()}`);
  await page.evaluate(
    ({ selector, text }) => {
      const watched = window as unknown as Watched & { reachOf: (element: Element) => Reach };
      watched.shownReach = null;
      const observer = new MutationObserver(() => {
        const shown = [...document.querySelectorAll(selector)].find(
          (element) => element.textContent?.includes(text) && element.checkVisibility(),
        );
        if (!shown) return;
        observer.disconnect();
        watched.shownReach = watched.reachOf(shown);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { selector, text },
  );
  return async () => {
    await expect
      .poll(() => page.evaluate(() => (window as Watched).shownReach ?? null), { message: `the page showed ${selector} "${text}"` })
      .not.toBeNull();
    const reach = await page.evaluate(() => (window as Watched).shownReach);
    expect(reach?.ok ? "reachable" : reach?.why, `${selector} "${text}" when shown`).toBe("reachable");
  };
}
