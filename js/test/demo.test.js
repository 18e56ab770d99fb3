// The demo page in headless Chromium, served by `make demo`'s own server and
// driven as a person would: pick a route, edit the parameters, read the
// output, make an error, copy, use the keyboard. Every test fails on a
// console error, an uncaught error or a failed request (a missing favicon
// included). Screenshots (light, dark, mobile) go to test-results/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { demoAndBrowser } from "./demo-server.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const DESKTOP = { width: 1200, height: 1100 };
const MOBILE = { width: 390, height: 844 };
const live = demoAndBrowser();

/**
 * visit opens the demo ("/" leads to it) in a fresh context and runs fn on
 * the page; then it fails if the page logged an error, threw, or had a
 * request fail or answer 400 or more.
 */
async function visit({ viewport = DESKTOP, colorScheme = "light", clipboard = false, init } = {}, fn) {
  const context = await live.browser.newContext({ viewport, colorScheme });
  if (clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: live.demo.origin });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()} ${m.location().url}`));
  page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  try {
    await page.goto(live.demo.origin + "/");
    await page.waitForSelector("html[data-ready]");
    await fn(page);
    // Let a late request (the favicon) finish before judging.
    await page.waitForLoadState("networkidle");
    assert.deepEqual(problems, [], "no console error, uncaught error or failed request");
  } finally {
    await context.close();
  }
}

test("demo: routes, parameters, output, snippets and errors are shown", () => visit({}, async (page) => {
  // The first example is shown at once.
  assert.match(await page.textContent("#out-url"), /^https:\/\/api\.github\.com\/orgs\/octokit\/repos\?type=public/);

  // Pick "Create an issue" and edit its parameters.
  await page.selectOption("#example", { label: "Create an issue" });
  const params = JSON.parse(await page.inputValue("#params"));
  params.title = "Edited in the test";
  params.assignees = ["octocat"];
  await page.fill("#params", JSON.stringify(params));
  assert.equal(await page.textContent("#out-method"), "post");
  assert.equal(await page.textContent("#out-url"), "https://api.github.com/repos/octocat/hello-world/issues");
  const headers = JSON.parse(await page.textContent("#out-headers"));
  assert.equal(headers["content-type"], "application/json; charset=utf-8");
  assert.equal(headers.authorization, "token <ACCESS_TOKEN>");
  assert.match(headers["user-agent"], /^endpoint-wasm\/\d/);
  const body = JSON.parse(await page.textContent("#out-body"));
  assert.deepEqual(body, { title: "Edited in the test", body: "I'm having a problem with this.", labels: ["bug"], assignees: ["octocat"] });
  assert.match(await page.textContent("#out-fetch"), /method: "POST"/);
  assert.match(await page.textContent("#out-curl"), /^curl --globoff -X POST 'https:\/\/api\.github\.com\/repos\/octocat\/hello-world\/issues'/);

  // Defaults and media type: a preview changes accept.
  await page.fill("#previews", "mercy");
  assert.equal(JSON.parse(await page.textContent("#out-headers")).accept, "application/vnd.github.mercy-preview+json");

  // The upload example: {?name,label} from the parameters, data as the body.
  await page.selectOption("#example", { label: "Upload a release asset" });
  assert.equal(await page.textContent("#out-url"), "https://uploads.github.com/repos/octocat/hello-world/releases/1/assets?name=notes.txt&label=Release%20notes");

  // An error is shown inline with its code; the page stays usable.
  await page.fill("#route", "FETCH /repos/{owner}");
  await page.waitForSelector("#error:not([hidden])");
  assert.equal(await page.textContent("#error-code"), "ERR_UNSUPPORTED_METHOD");
  assert.match(await page.textContent("#error-message"), /^endpoint: route: unsupported method "FETCH"/);
  await page.fill("#params", "{ not json");
  assert.equal(await page.textContent("#error-code"), "invalid JSON");
  assert.equal(await page.getAttribute("#params", "aria-invalid"), "true");
  await page.fill("#route", "GET /orgs/{org}/repos");
  await page.fill("#params", '{"org":"octokit"}');
  assert.equal(await page.isHidden("#error"), true);
  assert.equal(await page.getAttribute("#params", "aria-invalid"), null);
}));

/** copyRow is the text around a copy button: its heading, name and status. */
const copyRow = (page, id) => page.$eval(`[data-copy=${id}]`, (b) => b.parentElement.textContent.replace(/\s+/g, " ").trim());
const clipboardText = (page) => page.evaluate(() => navigator.clipboard.readText());

test("demo: a body the page cannot write out is an error shown, not the previous request left on show", () => visit({}, async (page) => {
  await page.fill("#route", "POST /markdown");
  await page.fill("#params", `{"text":${'{"a":'.repeat(12000)}1${"}".repeat(12000)}}`);
  await page.waitForSelector("#error:not([hidden])");
  assert.equal(await page.textContent("#error-code"), "RangeError");
  assert.equal(await page.isDisabled("[data-copy=out-curl]"), true, "nothing stale to copy");
}));

test("demo: a copy button waits while an error is shown, then copies the snippet shown", () => visit({ clipboard: true }, async (page) => {
  // While an error is shown the snippets are of an older request: no copy.
  await page.fill("#route", "GET /orgs/{org}/repos{?");
  await page.waitForSelector("#error:not([hidden])");
  assert.deepEqual([await page.isDisabled("[data-copy=out-fetch]"), await page.isDisabled("[data-copy=out-curl]")], [true, true]);

  await page.fill("#route", "GET /orgs/{org}/members");
  await page.click("[data-copy=out-fetch]");
  assert.equal(await clipboardText(page), await page.textContent("#out-fetch"));
  assert.equal(await copyRow(page, "out-fetch"), "As fetch() Copy the fetch() call Copied");
  await page.click("[data-copy=out-curl]");
  assert.equal(await clipboardText(page), await page.textContent("#out-curl"));
  assert.match(await clipboardText(page), /^curl --globoff -X GET 'https:\/\/api\.github\.com\/orgs\/octokit\/members\?type=public/);
}));

test("demo: a copy button says when the browser refused the clipboard, and selects the text instead", () => visit({
  init: () => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
  },
}, async (page) => {
  await page.click("[data-copy=out-curl]");
  assert.match(await copyRow(page, "out-curl"), /^As curl Copy the curl command Not copied: the browser refused\. The text is selected: press (Ctrl\+C|⌘C)\.$/);
  assert.equal(await page.evaluate(() => getSelection().toString()), await page.textContent("#out-curl"));
}));

test("demo: the long upload route is shown whole in its field, on a desktop and on a phone", () => visit({}, async (page) => {
  await page.selectOption("#example", { label: "Upload a release asset" });
  const value = "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    const box = await page.$eval("#route", (el) => ({ value: el.value, overflowX: el.scrollWidth > el.clientWidth, overflowY: el.scrollHeight > el.clientHeight }));
    assert.deepEqual(box, { value, overflowX: false, overflowY: false }, `${viewport.width}px wide`);
  }
  // Enter does not break the route (it is one line).
  await page.focus("#route");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  assert.equal(await page.inputValue("#route"), value);
}));

// The visual lines of el, each with the index in el.textContent where it
// starts: the text cut where the browser wrapped it or at a "\n".
function linesOf(el) {
  const lines = [];
  let top = null;
  let at = 0;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++, at++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = node.data[i] === "\n" ? null : range.getClientRects()[0];
      if (!rect) {
        top = null;
        continue;
      }
      if (top === null || rect.top > top + rect.height / 2) lines.push({ at, text: "" });
      top = rect.top;
      lines[lines.length - 1].text += node.data[i];
    }
  }
  return lines;
}

/**
 * wrapsInsideWords lists the lines of el that the browser wrapped inside a
 * word: not after a space, nor before a "/", "?", "&" or "#" (where the page
 * puts <wbr>), nor after a "?", "&" or "#" (where the browser may also wrap).
 */
async function wrapsInsideWords(page, selector) {
  const text = await page.textContent(selector);
  const lines = await page.$eval(selector, linesOf);
  const wrapped = lines.filter(({ at }) => at > 0 && text[at - 1] !== "\n");
  return { wrapped: wrapped.length, insideWords: wrapped.filter(({ at }) => !/[\s?&#]/.test(text[at - 1]) && !/[/?&#]/.test(text[at])).map((l) => l.text) };
}

test("demo: urls wrap between their parts (at / ? &), never inside a word", () => visit({ viewport: MOBILE }, async (page) => {
  await page.selectOption("#example", { label: "Upload a release asset" });
  const url = await page.textContent("#out-url");
  assert.equal(url, "https://uploads.github.com/repos/octocat/hello-world/releases/1/assets?name=notes.txt&label=Release%20notes");
  const lines = (await page.$eval("#out-url", linesOf)).map((l) => l.text);
  assert.equal(lines.join(""), url);
  assert.ok(lines.length >= 3, `the url wraps on a phone: ${JSON.stringify(lines)}`);
  assert.deepEqual(lines.slice(1).filter((l) => !/^[/?&]/.test(l)), [], `lines: ${JSON.stringify(lines)}`);
  // In the snippets too: a wrapped line starts after a space or between the parts of a url.
  for (const id of ["#out-fetch", "#out-curl"]) {
    const { wrapped, insideWords } = await wrapsInsideWords(page, id);
    assert.ok(wrapped > 0, `${id} is long enough to wrap on a phone`);
    assert.deepEqual(insideWords, [], id);
  }
}));

test("demo: calls/s is measured only on demand; an idle page runs nothing", () => visit({
  init: () => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.startTime))).observe({ type: "longtask" });
  },
}, async (page) => {
  const ready = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1500);
  const idle = await page.evaluate((ready) => window.__longTasks.filter((t) => t > ready), ready);
  assert.deepEqual(idle, [], "no long task while idle");
  assert.doesNotMatch(await page.textContent("header"), /\d calls\/s/);
  assert.match(await page.textContent("#cost"), /^endpoint\.wasm \d+ KiB · loaded in \d+ ms, ready \d+ ms after navigation$/);

  await page.getByRole("button", { name: "Measure calls/s for this request" }).click();
  await page.waitForFunction(() => /calls\/s/.test(document.getElementById("rate").textContent));
  assert.match(await page.textContent("#rate"), /^[\d,]+ calls\/s for this request$/);
  // A figure is for the request shown: an edit drops it.
  await page.fill("#params", '{"org":"github"}');
  assert.equal(await page.textContent("#rate"), "");
}));

test("demo: every control has a name for screen readers, focus is visible, and the keyboard copies", () => visit({ clipboard: true }, async (page) => {
  // Every control, in tab order, by role and accessible name.
  const controls = await page.$$eval("input, select, textarea, button", (els) => els.map((el) => el.id || el.dataset.copy));
  const named = [];
  for (const [role, name] of [
    ["button", "Measure calls/s for this request"], ["button", "Copy link to this request"], ["combobox", "Search every GitHub REST operation"],
    ["combobox", "Start from"], ["textbox", "Route"], ["textbox", "Parameters (JSON)"],
    ["textbox", "baseUrl"], ["textbox", "headers (JSON)"], ["textbox", "mediaType.previews (comma-separated)"], ["textbox", "mediaType.format"],
    ["button", "Copy the endpoint() call"], ["button", "Copy the fetch() call"], ["button", "Copy the curl command"],
  ]) {
    const el = page.getByRole(role, { name, exact: true });
    named.push(await el.count() === 1 ? await el.evaluate((e) => e.id || e.dataset.copy) : `${role} "${name}": ${await el.count()} found`);
  }
  assert.deepEqual(named, controls);

  // Tab from the last field reaches the first copy button (endpoint()), with a ring of 2px
  // or more; Enter copies.
  await page.focus("#format");
  await page.keyboard.press("Tab");
  const focus = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return { copy: document.activeElement.dataset.copy, outline: s.outlineStyle, wide: parseFloat(s.outlineWidth) >= 2 };
  });
  assert.deepEqual(focus, { copy: "out-endpoint", outline: "solid", wide: true });
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector(".snippet-head .copy-status").textContent === "Copied");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.textContent("#out-endpoint"));
}));

test("demo: the page has its icon; screenshots, light, dark and on a phone (test-results/)", async () => {
  mkdirSync(`${root}/test-results`, { recursive: true });
  const shot = (page, name) => page.screenshot({ path: `${root}/test-results/demo-${name}.png`, fullPage: true });
  await visit({}, async (page) => {
    const href = await page.$eval("link[rel=icon]", (l) => l.href);
    const res = await page.request.get(href);
    assert.deepEqual([res.status(), res.headers()["content-type"], (await res.text()).startsWith("<svg")], [200, "image/svg+xml", true]);

    await page.selectOption("#example", { label: "Upload a release asset" });
    await shot(page, "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "dark");
  });
  await visit({ viewport: MOBILE }, async (page) => {
    await page.selectOption("#example", { label: "Upload a release asset" });
    await shot(page, "mobile");
  });
});
