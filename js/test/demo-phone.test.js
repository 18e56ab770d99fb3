// The demo on a phone (390 x 844, touch, as Chromium emulates one): after a
// change to any control of the form, the part of the request that the change
// shows in is within one screen of that control; and "Start from" says where
// the request came from (an example, the operation picked in the search, the
// link the page was opened with) instead of going blank.
import { test } from "node:test";
import assert from "node:assert/strict";
import { demoAndBrowser, visit } from "./demo-server.js";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
const live = demoAndBrowser();

/** phone opens the demo at path in a phone-sized page and runs fn on it; it fails on any page error. */
const phone = (path, fn) => visit(live, PHONE, path, fn);

/**
 * span is the height a screen needs to show the control and the outputs
 * (ids) at once: from the highest top to the lowest bottom, in page pixels.
 */
function span(page, control, ...outputs) {
  return page.evaluate(([control, outputs]) => {
    const rects = [control, ...outputs].map((id) => document.getElementById(id).getBoundingClientRect());
    return Math.round(Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top)));
  }, [control, outputs]);
}

const text = (page, id) => page.textContent(`#${id}`);

test("on a phone, each change shows in the request within one screen (844 px) of the control changed", () => phone("/", async (page) => {
  const spans = {};
  // The search: an operation whose example parameters make a long body.
  await page.fill("#search", "create issue field organization");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  assert.equal(await text(page, "out-url"), "https://api.github.com/orgs/octo-org/issue-fields");
  assert.ok((await text(page, "out-body")).split("\n").length > 20, "the body is long");
  spans.search = await span(page, "search", "out-method", "out-url");

  await page.fill("#route", "POST /orgs/{org}/issue-fields?x=1");
  assert.match(await text(page, "out-url"), /\/issue-fields\?x=1$/);
  spans.route = await span(page, "route", "out-method", "out-url");

  await page.fill("#params", '{ "org": "edited" }');
  assert.equal(await text(page, "out-url"), "https://api.github.com/orgs/edited/issue-fields?x=1");
  spans.params = await span(page, "params", "out-method", "out-url");

  await page.selectOption("#example", { label: "Create an issue" });
  assert.equal(await text(page, "out-url"), "https://api.github.com/repos/octocat/hello-world/issues");
  spans.example = await span(page, "example", "out-method", "out-url");

  // The defaults, with the long body back in the request above them.
  await page.selectOption("#example", "source");
  await page.fill("#baseUrl", "https://ghe.example/api/v3");
  assert.equal(await text(page, "out-url"), "https://ghe.example/api/v3/orgs/octo-org/issue-fields");
  spans.baseUrl = await span(page, "baseUrl", "out-url");

  await page.fill("#headers", '{ "authorization": "token edited" }');
  assert.match(await text(page, "out-headers"), /"authorization": "token edited"/);
  spans.headers = await span(page, "headers", "out-headers");

  await page.fill("#previews", "mercy");
  assert.match(await text(page, "out-headers"), /mercy-preview/);
  spans.previews = await span(page, "previews", "out-headers");

  await page.fill("#format", "raw");
  assert.match(await text(page, "out-headers"), /mercy-preview\.raw/);
  spans.format = await span(page, "format", "out-headers");

  const far = Object.entries(spans).filter(([, px]) => px > PHONE.viewport.height);
  assert.deepEqual(far, [], `px from each control to what it changed: ${JSON.stringify(spans)}`);
}));

test('on a phone, "Start from" names the operation picked in the search, and choosing it again brings that operation back', () => phone("/", async (page) => {
  const startFrom = () => page.$eval("#example", (s) => s.selectedOptions[0]?.text ?? "");
  assert.equal(await startFrom(), "List an organization's repositories");
  await page.fill("#search", "create issue field organization");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  assert.equal(await startFrom(), "Search: Create issue field for an organization");
  const picked = [await page.inputValue("#route"), await page.inputValue("#params")];

  await page.selectOption("#example", { label: "Create an issue" });
  assert.deepEqual([await startFrom(), await page.inputValue("#route")], ["Create an issue", "POST /repos/{owner}/{repo}/issues"]);
  await page.selectOption("#example", { label: "Search: Create issue field for an organization" });
  assert.deepEqual([await page.inputValue("#route"), await page.inputValue("#params")], picked);
  assert.equal(await text(page, "out-url"), "https://api.github.com/orgs/octo-org/issue-fields");
}));

test('"Start from" names the example a link holds, or "the request in the link"', async () => {
  let exampleLink, ownLink;
  await phone("/", async (page) => {
    await page.selectOption("#example", { label: "Create an issue" });
    exampleLink = await page.evaluate(() => location.hash);
    await page.fill("#route", "GET /user");
    // The page's own location (page.url() may lag behind history.replaceState).
    ownLink = await page.evaluate(() => location.hash);
  });
  const startFrom = (page) => page.$eval("#example", (s) => s.selectedOptions[0]?.text ?? "");
  await phone(`/${exampleLink}`, async (page) => assert.equal(await startFrom(page), "Create an issue"));
  await phone(`/${ownLink}`, async (page) => {
    assert.deepEqual([await startFrom(page), await page.inputValue("#route")], ["the request in the link", "GET /user"]);
    await page.selectOption("#example", { label: "Create an issue" });
    await page.selectOption("#example", { label: "the request in the link" });
    assert.equal(await page.inputValue("#route"), "GET /user");
  });
});

test('on a phone, "Start from" fits its box whole, and says "Edited" once an example\'s route is edited; choosing that brings the example back', () => phone("/", async (page) => {
  const startFrom = () => page.$eval("#example", (s) => s.selectedOptions[0]?.text ?? "");
  // The width the selected entry's text needs, against the select's box less its arrow (about 20 px).
  const room = () => page.$eval("#example", (s) => {
    const cs = getComputedStyle(s);
    const c = document.createElement("canvas").getContext("2d");
    c.font = cs.font;
    return { text: s.selectedOptions[0].text, fits: c.measureText(s.selectedOptions[0].text).width <= s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20 };
  });
  assert.deepEqual(await room(), { text: "List an organization's repositories", fits: true });
  await page.fill("#route", "GET /user");
  assert.equal(await startFrom(), "Edited: List an organization's repositories");
  assert.deepEqual(await room(), { text: "Edited: List an organization's repositories", fits: true });
  await page.selectOption("#example", { label: "Edited: List an organization's repositories" });
  assert.deepEqual([await startFrom(), await page.inputValue("#route")], ["List an organization's repositories", "GET /orgs/{org}/repos"]);

  await page.fill("#search", "create issue field organization");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  assert.deepEqual(await room(), { text: "Search: Create issue field for an organization", fits: true });
}));

test("on a phone, the table of where each parameter went keeps a parameter's name on one line (per_page)", () => phone("/", async (page) => {
  const lines = await page.$eval('#placement tr[data-key="per_page"] th code', (code) => {
    const range = document.createRange();
    range.selectNodeContents(code);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  assert.equal(lines, 1);
}));
