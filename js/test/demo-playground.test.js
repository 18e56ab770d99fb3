// The demo as a GitHub REST playground in headless Chromium,
// served by `make demo`'s own server: search the catalog and pick an
// operation with the keyboard alone, read where each parameter went, make a
// difference from @octokit/endpoint and follow the rule it names, share the
// state by its link, and save screenshots (light, dark, phone) to
// test-results/. One browser and one page for all, to keep the time small;
// every test fails on a console error, an uncaught error or a failed request.
import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { demoAndBrowser } from "./demo-server.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
let context, page;
const problems = [];

/** watch fails the current test, in afterEach, on anything page logs as an error. */
function watch(p) {
  p.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()} ${m.location().url}`));
  p.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
  p.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
  p.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  return p;
}

demoAndBrowser(async (live) => {
  context = await live.browser.newContext({ viewport: { width: 1200, height: 1100 }, colorScheme: "light" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: live.demo.origin });
  page = watch(await context.newPage());
  await page.goto(live.demo.origin + "/");
  await page.waitForSelector("html[data-ready]");
});
afterEach(async () => {
  await page.waitForLoadState("networkidle");
  assert.deepEqual(problems.splice(0), [], "no console error, uncaught error or failed request");
});

const options = () => page.$$eval("#results [role=option]", (els) => els.map((e) => e.textContent));
const active = () => page.evaluate(() => {
  const id = document.activeElement.getAttribute("aria-activedescendant");
  const option = id && document.getElementById(id);
  return option && { text: option.textContent, selected: option.getAttribute("aria-selected"), outline: getComputedStyle(option).outlineStyle };
});

test("playground: the keyboard alone searches every operation, narrows the list and picks one (listbox, Enter)", async () => {
  // Tab from the top of the page reaches the search field.
  for (let i = 0; i < 6 && (await page.evaluate(() => document.activeElement.id)) !== "search"; i++) await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "search");

  await page.keyboard.type("issues comment");
  const found = await options();
  assert.ok(found.length > 3 && found.every((t) => /issues/i.test(t) && /comment/i.test(t)), found.join("\n"));
  assert.equal(await page.textContent("#search-status"), `${found.length} operations match`);
  assert.equal(await page.getAttribute("#search", "aria-expanded"), "true");

  await page.fill("#search", "");
  await page.keyboard.type("PATCH /repos");
  assert.match((await options())[0], /^PATCH \/repos\/\{owner\}\/\{repo\} Update a repository$/);

  // An operation with path, query and body parameters, picked with the arrows and Enter.
  await page.fill("#search", "");
  await page.keyboard.type("attestations bulk-list");
  assert.deepEqual((await options()).map((t) => t.split(" ")[1]), ["/orgs/{org}/attestations/bulk-list{?per_page,before,after}", "/users/{username}/attestations/bulk-list{?per_page,before,after}"]);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowDown");
  assert.deepEqual(await active(), { text: "POST /orgs/{org}/attestations/bulk-list{?per_page,before,after} List attestations by bulk subject digests", selected: "true", outline: "solid" });
  await page.keyboard.press("Enter");
  assert.equal(await page.getAttribute("#search", "aria-expanded"), "false");
  assert.equal(await page.textContent("#search-status"), "Picked orgs/list-attestations-bulk: List attestations by bulk subject digests");
  assert.equal(await page.inputValue("#route"), "POST /orgs/{org}/attestations/bulk-list{?per_page,before,after}");
});

test("playground: the picked operation's parameters come required first, each marked path, query or body, and placed as the engine placed them (spec rule 4)", async () => {
  const params = JSON.parse(await page.inputValue("#params"));
  assert.deepEqual(Object.keys(params), ["org", "subject_digests", "per_page", "before", "after", "predicate_type"]);
  assert.deepEqual(await page.$$eval("#operation li", (els) => els.map((e) => e.textContent)), [
    "org path string required", "subject_digests body array required", "per_page query integer", "before query string", "after query string", "predicate_type body string",
  ]);
  const rows = await page.$$eval("#placement tr", (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(rows, [
    ["org", "url placeholder", "path"], ["subject_digests", "body", "body"], ["per_page", "query string from the url template", "query"],
    ["before", "query string from the url template", "query"], ["after", "query string from the url template", "query"], ["predicate_type", "body", "body"],
  ]);
  // What the table says is what the request holds.
  const url = new URL(await page.textContent("#out-url"));
  assert.deepEqual([url.pathname, [...url.searchParams.keys()]], [`/orgs/${params.org}/attestations/bulk-list`, ["per_page", "before", "after"]]);
  assert.deepEqual(Object.keys(JSON.parse(await page.textContent("#out-body"))), ["subject_digests", "predicate_type"]);
  // The catalog's example call builds what the reference builds, but for D1
  // and D3, which every request has: the summary names them, no card lists them.
  assert.deepEqual(await page.$$eval(".diff", (ds) => ds.length), 0);
  assert.deepEqual(await page.$eval("#compare-summary", (p) => [p.dataset.expected, p.textContent, [...p.querySelectorAll("a")].map((a) => a.getAttribute("href"))]), [
    "method headers.user-agent",
    "The same request, but for what differs in every request: the method in lower case (D3) and each library's own user-agent (D1).",
    ["gen/rules.html#d3", "gen/rules.html#d1"],
  ]);
});

const cards = () => page.$$eval(".diff", (ds) => ds.map((d) => ({
  field: d.dataset.field, ours: d.querySelector(".ours").textContent, theirs: d.querySelector(".theirs").textContent,
  why: d.querySelector(".why").textContent, links: [...d.querySelectorAll("a")].map((a) => a.getAttribute("href")),
})));

test("playground: a difference from the reference shows both values and names its rule, linked to its entry in docs/behaviour.md (D25, D4, D28)", async () => {
  await page.fill("#previews", "mercy");
  const accept = (await cards()).find((c) => c.field === "headers.accept");
  assert.deepEqual(accept, {
    field: "headers.accept", ours: "application/vnd.github.mercy-preview+json", theirs: "application/vnd.github.v3+json",
    why: "D25: previews apply on every route (the reference keeps them for /graphql), and a -preview suffix is not doubled", links: ["gen/rules.html#d25"],
  });
  assert.equal(await page.textContent("#compare-summary"), "1 field differs: 1 by a rule. Not listed, as in every request: the method in lower case (D3) and each library's own user-agent (D1).");

  // The link leads to the rule's entry, served by the demo's own server.
  const rules = watch(await context.newPage());
  await rules.goto(new URL("gen/rules.html#d25", page.url()).href);
  assert.deepEqual(await rules.$eval(":target", (h) => [h.tagName, h.textContent, h.nextElementSibling.textContent.slice(0, 28)]), ["H3", "D25", "mediaType.previews apply to "]);
  await rules.close();

  // A typed error where the reference builds a request with a method no server knows.
  const route = await page.inputValue("#route");
  await page.fill("#route", route.replace("POST", "FETCH"));
  assert.deepEqual((await cards()).map((c) => [c.field, c.links]), [["outcome", ["gen/rules.html#d4", "gen/rules.html#d28"]]]);
  assert.match((await cards())[0].theirs, /"method":"FETCH"/);
  assert.equal(await page.textContent("#error-code"), "ERR_UNSUPPORTED_METHOD");
  await page.fill("#route", route);
  assert.equal(await page.isHidden("#error"), true);
});

test("playground: the page's url holds route, parameters, defaults and format; opening it restores them, without the credential typed (D23); Copy link copies it", async () => {
  await page.fill("#headers", '{ "authorization": "token ghp_secret", "x-trace": "1" }');
  await page.fill("#baseUrl", "https://ghe.example/api/v3");
  await page.fill("#format", "raw");
  // The page's own location: page.url() follows replaceState through an
  // event, which may not have arrived yet, and may lag a change behind.
  const link = await page.evaluate(() => location.href);
  assert.doesNotMatch(link, /ghp_secret/);

  await page.click("#copy-link");
  await page.waitForFunction(() => document.getElementById("link-status").textContent === "Link copied");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);

  const ids = ["route", "params", "baseUrl", "headers", "previews", "format"];
  const state = (p) => Promise.all([...ids.map((id) => p.inputValue(`#${id}`)), p.textContent("#out-url"), p.textContent("#out-headers"), p.textContent("#compare-summary")]);
  const shared = watch(await context.newPage());
  await shared.goto(link);
  await shared.waitForSelector("html[data-ready]");
  const [want, got] = [await state(page), await state(shared)];
  want[3] = '{"authorization":"token <ACCESS_TOKEN>","x-trace":"1"}'; // the header as the link carries it
  want[7] = want[7].replace("token ghp_secret", "token <ACCESS_TOKEN>");
  assert.deepEqual(got, want);
  assert.match(got[6], /^https:\/\/ghe\.example\/api\/v3\/orgs\//);
  await shared.close();
});

/** pngSize reads a PNG's width and height from its header. */
function pngSize(path) {
  const b = readFileSync(path);
  assert.equal(b.toString("latin1", 1, 4), "PNG", `${path} is a PNG`);
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

test("playground: screenshots of the playground, light, dark and on a phone, are written to test-results/", async () => {
  mkdirSync(`${root}/test-results`, { recursive: true });
  const shots = [["light", { width: 1200, height: 1100 }, "light"], ["dark", { width: 1200, height: 1100 }, "dark"], ["mobile", { width: 390, height: 844 }, "light"]];
  for (const [name, viewport, colorScheme] of shots) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
    assert.equal(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches), colorScheme === "dark");
    const path = `${root}/test-results/playground-${name}.png`;
    await page.screenshot({ path, fullPage: true });
    const [width, height] = pngSize(path);
    assert.ok(width === viewport.width && height > 1000 && statSync(path).size > 50_000, `${path}: ${width}x${height}, ${statSync(path).size} bytes`);
  }
});
