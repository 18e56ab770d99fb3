// The demo page in headless Chromium, driven as a person would: pick a
// route, edit the parameters, read the output, make an error; a screenshot
// is saved to test-results/demo.png.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { launch, serve } from "./browser.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

test("demo: routes, parameters, output, snippets, errors and costs are shown", async () => {
  const server = await serve(root, { index: "/web/demo/" });
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 1100 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(server.origin + "/"); // "/" leads to the demo
    await page.waitForSelector("html[data-ready]");

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
    assert.match(await page.textContent("#out-curl"), /^curl -X POST 'https:\/\/api\.github\.com\/repos\/octocat\/hello-world\/issues'/);

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

    // The cost line shows the wasm size, load time and a live calls/s figure.
    await page.fill("#route", "GET /orgs/{org}/repos");
    await page.fill("#params", '{"org":"octokit"}');
    await page.waitForFunction(() => /[\d,]+ calls\/s/.test(document.getElementById("cost").textContent), null, { timeout: 10000 });
    assert.match(await page.textContent("#cost"), /endpoint\.wasm \d+ KiB · loaded in \d+ ms/);

    mkdirSync(`${root}/test-results`, { recursive: true });
    await page.screenshot({ path: `${root}/test-results/demo.png`, fullPage: true });
    assert.deepEqual(errors, [], "no uncaught errors on the page");
  } finally {
    await browser.close();
    await server.close();
  }
});
