// Page helpers that know nothing of endpoints: text that wraps between the
// parts of a url, copying to the clipboard, a textarea that fits its text.

// Before each "/" of a path (not the two of "https://"), "?", "&" and "#".
const URL_PARTS = /(?=[?&#])|(?<![:/])(?=\/(?!\/))/;

/**
 * setText sets el's text with a line-break opportunity (<wbr>) before each
 * part of a url in it, so that a long url wraps between its parts instead of
 * inside a word. <wbr> adds no text: textContent and a selection copy the
 * text unchanged.
 */
export function setText(el, text) {
  const nodes = [];
  for (const part of text.split(URL_PARTS)) {
    if (nodes.length) nodes.push(document.createElement("wbr"));
    nodes.push(part);
  }
  el.replaceChildren(...nodes);
}

/**
 * copyText writes the text of source to the clipboard and says in status
 * whether it did. When the browser refuses (no permission, or a page not
 * served over https or from localhost, where there is no clipboard API), the
 * text is selected instead so that the reader can copy it with the keyboard.
 */
export async function copyText(source, status) {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard API");
    await navigator.clipboard.writeText(source.textContent);
    say(status, "Copied", 1500);
  } catch {
    getSelection().selectAllChildren(source);
    say(status, `Not copied: the browser refused. The text is selected: press ${/Mac|iP/.test(navigator.platform) ? "⌘C" : "Ctrl+C"}.`);
  }
}

const timers = new WeakMap();

/** say shows message in a status element, for ms milliseconds when given. */
export function say(status, message, ms) {
  clearTimeout(timers.get(status));
  status.textContent = message;
  if (ms) timers.set(status, setTimeout(() => (status.textContent = ""), ms));
}

/**
 * fitHeight makes a textarea as tall as its (wrapped) text, where CSS's
 * field-sizing: content (style.css) does not already: that one follows a
 * change of width in the same layout, where a resize handler comes a frame
 * later and a reader (or a test) can see the text cut meanwhile.
 */
const fitsItself = globalThis.CSS?.supports?.("field-sizing", "content");
export function fitHeight(el) {
  if (fitsItself) return;
  el.style.height = "auto";
  el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
}
