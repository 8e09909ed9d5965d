import { describe, expect, test } from "bun:test";
import { DEMO_CONFIGURATION } from "../../src/db/seed/catalogue";
import { sanitiseHeroDescription } from "../../src/modules/admin-content/sanitise";
import { renderSimpleHtml } from "../../web/lib/simple-html";

// The hero description keeps bare <strong>, <em> and <br> and nothing else,
// and what it stores is already clean: sanitising it again changes nothing.

/** True when the only markup left is the three bare tags. */
function onlyBareTags(html: string): boolean {
  return !/<[A-Za-z/!?]/.test(html.replace(/<\/?(strong|em)>|<br>/g, ""));
}

/**
 * `count` strings of 1 to 14 `pieces` each, drawn by a seeded generator so a failure can be
 * reproduced: the same seed gives the same inputs on every run.
 */
function* generatedInputs(pieces: string[], seed: number, count: number): Generator<string> {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let i = 0; i < count; i++) {
    let input = "";
    for (let n = 1 + Math.floor(random() * 14); n > 0; n--) input += pieces[Math.floor(random() * pieces.length)];
    yield input;
  }
}

const ATTACKS: [string, string, string][] = [
  ["a script element, content and all", "<script>alert(1)</script>", ""],
  ["an image with an onerror handler", "<img src=x onerror=alert(1)>", ""],
  ["a javascript: link, keeping its words", '<a href="javascript:alert(1)">x</a>', "x"],
  ["an onclick on strong", '<strong onclick="x()">b</strong>', "<strong>b</strong>"],
  ["a style on em", '<em style="color:red">i</em>', "<em>i</em>"],
  ["a nested script mutation", "<<script>script>alert(1)<</script>/script>", "&lt;/script>"],
  ["strong inside svg", "<svg><strong>", "<strong></strong>"],
  ["a style element inside svg", "<svg><style><img src=x onerror=alert(1)></style></svg>", ""],
  ["a noscript smuggling a tag in an attribute", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ""],
  ["markup inside a textarea", "<textarea><strong>t</strong></textarea>z", "z"],
  ["an iframe with a script", "<iframe><script>x</script></iframe>ok", "ok"],
  ["an entity-encoded script", "&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script>alert(1)&lt;/script>"],
  ["a comment and CDATA", "<!-- <script>x</script> --><![CDATA[y]]>z", "z"],
  ["a data: link inside strong", '<strong><a href="data:text/html,x">go</a></strong>', "<strong>go</strong>"],
];

describe("sanitiseHeroDescription removes everything but bare strong, em and br", () => {
  for (const [what, input, expected] of ATTACKS) {
    test(`${what}: ${JSON.stringify(input)} becomes ${JSON.stringify(expected)}`, () => {
      const clean = sanitiseHeroDescription(input);
      expect(clean).toBe(expected);
      expect(onlyBareTags(clean)).toBe(true);
      expect(sanitiseHeroDescription(clean)).toBe(clean);
    });
  }
});

describe("sanitiseHeroDescription keeps what the editor's buttons make", () => {
  test("bold, italic and line breaks pass through as they are", () => {
    const text = "Made to order.<br><strong>Printed in Cumbria.</strong> <em>Since 2019.</em>";
    expect(sanitiseHeroDescription(text)).toBe(text);
  });

  test("every spelling of a line break becomes <br>", () => {
    expect(sanitiseHeroDescription("a<br/>b<BR>c<br />d")).toBe("a<br>b<br>c<br>d");
  });

  test("tags left open are closed, and crossed tags are put in order", () => {
    expect(sanitiseHeroDescription("<strong>open")).toBe("<strong>open</strong>");
    expect(sanitiseHeroDescription("<strong><em>x</strong></em>")).toBe("<strong><em>x</em></strong>");
  });

  test("the words of other tags are kept, their tags are not", () => {
    expect(sanitiseHeroDescription('<p class="x">One</p><span>two</span> <u>three</u>')).toBe("Onetwo three");
  });

  test("<b> and <i>, typed or pasted, are kept as bold and italic: stored as bare <strong> and <em>", () => {
    expect(sanitiseHeroDescription('<b>x</b> <I class="y">z</I> <b onclick="x()">w</b>')).toBe(
      "<strong>x</strong> <em>z</em> <strong>w</strong>",
    );
  });

  test("&, < and > in ordinary text are stored as characters, so the storefront shows them as typed", () => {
    const clean = sanitiseHeroDescription("Fish & chips, 5 < 6 > 3");
    expect(clean).toBe("Fish & chips, 5 < 6 > 3");
    expect(renderSimpleHtml(clean)).toBe("Fish &amp; chips, 5 &lt; 6 &gt; 3");
  });

  test("the storefront shows 'R&D' as R&D and '<b>x</b>' as a bold x: the stored text is escaped once", () => {
    expect(renderSimpleHtml(sanitiseHeroDescription("R&D"))).toBe("R&amp;D");
    expect(renderSimpleHtml(sanitiseHeroDescription("<b>x</b>"))).toBe("<strong>x</strong>");
    expect(renderSimpleHtml(sanitiseHeroDescription("AT&T &amp;copy; &lt;strong&gt;not bold&lt;/strong&gt;"))).toBe(
      "AT&amp;T &amp;copy; &lt;strong&gt;not bold&lt;/strong&gt;",
    );
  });

  test("the seeded demo description is already clean", () => {
    expect(sanitiseHeroDescription(DEMO_CONFIGURATION.hero_description)).toBe(DEMO_CONFIGURATION.hero_description);
  });

  test("surrounding whitespace is trimmed", () => {
    expect(sanitiseHeroDescription("  \n<em>hi</em>\n ")).toBe("<em>hi</em>");
  });
});

test("sanitising twice changes nothing, and only bare tags survive, for 50,000 generated inputs", () => {
  const pieces = [
    "<",
    ">",
    "&",
    "amp;",
    "lt;",
    "gt;",
    "#39;",
    "/",
    "strong",
    "em",
    "br",
    "script",
    "svg",
    "style",
    " ",
    "a",
    "!",
    "=",
    '"',
    "'",
    "x",
    "\n",
    "?",
    "#",
    ";",
    "img",
    "&nbsp;",
    "é",
    "<!--",
    "-->",
    "textarea",
  ];
  for (const input of generatedInputs(pieces, 20250301, 50_000)) {
    const clean = sanitiseHeroDescription(input);
    if (sanitiseHeroDescription(clean) !== clean || !onlyBareTags(clean)) {
      throw new Error(`Not stable or not clean for ${JSON.stringify(input)}: ${JSON.stringify(clean)}`);
    }
  }
});

test("renderSimpleHtml never lets markup through but bare strong, em and br, for 20,000 generated stored values", () => {
  const pieces = [
    "<",
    ">",
    "&",
    "amp;",
    "lt;",
    "#60;",
    "#x3c;",
    "/",
    "strong",
    "b",
    "i",
    "em",
    "br",
    "script",
    " ",
    "=",
    '"',
    "'",
    "x",
    ";",
    "<b>",
    "</i>",
    "<br/>",
    "&lt;",
    "onclick",
  ];
  for (const stored of generatedInputs(pieces, 20261124, 20_000)) {
    const html = renderSimpleHtml(stored);
    // Outside the bare tags: no < > " ', and every & starts a whole character reference.
    const rest = html.replace(/<\/?(strong|em)>|<br>/g, "");
    if (/[<>"']/.test(rest) || /&(?!(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/i.test(rest)) {
      throw new Error(`Markup got through for ${JSON.stringify(stored)}: ${JSON.stringify(html)}`);
    }
  }
});
