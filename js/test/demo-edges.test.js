// The demo's last rough edges, in headless Chromium at desktop size and on a
// phone (390 x 844), served by `make demo`'s own server: the page opened from
// file://, Enter in the search, "Start from" once the route is edited, the
// request brought into view on a phone, the upload of a file placeholder in
// the snippets, the endpoint() snippet, the comparison's expected
// differences and the reference's version, and what the address bar holds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { promisify } from "node:util";
import { endpoint } from "endpoint-wasm";
import { curlCommand } from "../../web/demo/snippets.js";
import { demoAndBrowser, visit } from "./demo-server.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const SIZES = { desktop: { viewport: { width: 1200, height: 1100 } }, phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } };
const live = demoAndBrowser();

/** open runs fn on the demo at size (a key of SIZES) in a fresh context; it fails on any page error. */
const open = (size, fn, path = "/") => visit(live, SIZES[size], path, fn);

const startFrom = (page) => page.$eval("#example", (s) => s.selectedOptions[0]?.text ?? "");
const UPLOAD = "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";

for (const size of Object.keys(SIZES)) {
  test(`demo (${size}): Enter in the search picks the first match, and "Start from" says "edited" once the route is another`, () => open(size, async (page) => {
    await page.fill("#search", "upload a release asset");
    await page.keyboard.press("Enter");
    assert.equal(await page.inputValue("#route"), UPLOAD);
    assert.equal(await startFrom(page), "Search: Upload a release asset");
    await page.fill("#route", UPLOAD.replace("{?name,label}", "{?name}"));
    assert.equal(await startFrom(page), "Edited: Upload a release asset");
    await page.fill("#route", UPLOAD);
    assert.equal(await startFrom(page), "Search: Upload a release asset");
    // Choosing the entry again starts from the operation again.
    await page.fill("#route", "GET /user");
    await page.selectOption("#example", { label: "Create an issue" });
    await page.selectOption("#example", { label: "Edited: Upload a release asset" });
    assert.equal(await page.inputValue("#route"), UPLOAD);
  }));

  test(`demo (${size}): the upload's file placeholder is uploaded as a file by the curl snippet, and the snippets say so; the endpoint() snippet builds the request shown`, () => open(size, async (page) => {
    await page.fill("#search", "upload a release asset");
    await page.keyboard.press("Enter");
    const curl = await page.textContent("#out-curl");
    assert.match(curl, /^# uploads the file example\.zip \(run it where the file is\)\ncurl --globoff -X POST /);
    assert.match(curl, / --data-binary '@example\.zip'$/);
    assert.doesNotMatch(curl, /--data-raw/);
    assert.match(await page.textContent("#out-fetch"), /body: await readFile\("example\.zip"\)/);
    assert.match(await page.textContent("#out-endpoint"), /\/\/ data: the bytes of example\.zip, for which the example holds "@example\.zip"/);
    // Any other data is sent as it is.
    const params = JSON.parse(await page.inputValue("#params"));
    await page.fill("#params", JSON.stringify({ ...params, data: "@notes.txt" }));
    assert.match(await page.textContent("#out-curl"), /--data-raw '@notes\.txt'$/);

    // The endpoint() call, run in the page, builds what the page shows.
    await page.selectOption("#example", { label: "Create an issue" });
    await page.fill("#baseUrl", "https://ghe.example/api/v3");
    const call = await page.textContent("#out-endpoint");
    assert.match(call, /^import \{ ready \} from "endpoint-wasm";\n\nconst endpoint = \(await ready\)\.defaults\(\{\n  "baseUrl": "https:\/\/ghe\.example\/api\/v3",/);
    const built = await page.evaluate(async (code) => {
      const { ready } = await import("endpoint-wasm");
      const run = new Function("ready", `return (async () => { ${code.replace(/^import .*\n/, "")}\nreturn r; })()`);
      return JSON.stringify(await run(ready));
    }, call);
    const shown = { method: await page.textContent("#out-method"), url: await page.textContent("#out-url"), headers: JSON.parse(await page.textContent("#out-headers")), body: JSON.parse(await page.textContent("#out-body")) };
    assert.deepEqual(JSON.parse(built), shown);
  }));
}

test("demo (phone): picking an operation brings the request into view", () => open("phone", async (page) => {
  await page.fill("#search", "upload a release asset");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  assert.equal(await page.inputValue("#route"), UPLOAD);
  await page.waitForFunction(() => {
    const r = document.getElementById("out-url").getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }, null, { timeout: 5000 });
}));

test("demo: the reference's user-agent names the version its heading names", () => open("desktop", async (page) => {
  const version = await page.textContent("#ref-version");
  assert.match(version, /^\d+\.\d+\.\d+$/);
  await page.fill("#route", "FETCH /user"); // the outcome card shows the reference's whole request
  const theirs = JSON.parse(await page.$eval(".diff[data-field=outcome] .theirs", (c) => c.textContent));
  assert.match(theirs.headers["user-agent"], new RegExp(`^octokit-endpoint\\.js/${version.replaceAll(".", "\\.")} `));
}));

test("demo: the address bar never holds a credential, whatever the field and its form (D23)", () => open("desktop", async (page) => {
  const href = () => page.evaluate(() => location.href);
  const state = () => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));
  await page.fill("#baseUrl", " https://x:ghp_tok1@ghe.example/api/v3"); // the page trims the field
  assert.doesNotMatch(await href(), /ghp_tok1/);
  assert.equal((await state()).baseUrl, " https://ghe.example/api/v3");
  await page.fill("#route", "GET https://u:ghp_tok2@ghe.example/api/v3/user?access_token=ghp_tok3&per_page=1");
  await page.fill("#headers", '{ "Authorization": ["token ghp_tok4"], "x-trace": "1" }');
  await page.fill("#params", '{ "access_token": "ghp_tok5", "headers": { "authorization": 42 }, "note": "see https://me:ghp_tok6@h.example/", "config": { "Secret": "ghp_tok7", "active": true }, "credentials": ["ghp_tok8"] }');
  assert.doesNotMatch(decodeURIComponent(await href()), /ghp_tok/);
  const { route, headers, params } = await state();
  assert.deepEqual({ route, headers, params: JSON.parse(params) }, {
    route: "GET https://ghe.example/api/v3/user?access_token=[redacted]&per_page=1",
    headers: '{"Authorization":"token <ACCESS_TOKEN>","x-trace":"1"}',
    params: { access_token: "[redacted]", headers: { authorization: "token <ACCESS_TOKEN>" }, note: "see https://h.example/", config: { Secret: "[redacted]", active: true }, credentials: ["[redacted]"] },
  });
}));

test("demo: opened from file://, the page says to run make demo", async () => {
  const page = await live.browser.newPage();
  try {
    await page.goto(`file://${root}/web/demo/index.html`);
    await page.waitForFunction(() => /run make demo/.test(document.getElementById("cost").textContent), null, { timeout: 5000 });
  } finally {
    await page.close();
  }
});

test("demo: the upload snippet's curl sends the file's bytes", async () => {
  const got = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => (got.push(Buffer.concat(chunks)), res.end("ok")));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const dir = mkdtempSync(join(tmpdir(), "ew-curl-"));
  try {
    const bytes = Buffer.from([0x50, 0x4b, 3, 4, 0, 255, 10, 13, 64]);
    writeFileSync(join(dir, "example.zip"), bytes);
    const r = endpoint("POST /assets{?name}", { baseUrl: `http://127.0.0.1:${server.address().port}`, name: "example.zip", data: "@example.zip", headers: { "content-type": "application/octet-stream" } });
    await promisify(execFile)("sh", ["-c", curlCommand(r, "example.zip")], { cwd: dir, timeout: 10000 });
    assert.deepEqual(got, [bytes]);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
