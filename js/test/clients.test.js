// The recipes of docs/clients.md, run as written: each client's snippet is
// taken from the document and sends a PATCH with a JSON body and an upload
// of bytes (clients-calls.js) to a local Node server, which records what
// arrives: method, path and query, headers and the body's exact bytes.
// fetch runs in Node and in Chromium; undici, axios, got and ky in Node.
// Last, why the recipes are needed: the result handed to each client as it
// is does not get through.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { createSecureServer } from "node:http2";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { endpoint, toFetch } from "endpoint-wasm";
import { request } from "undici";
import axios from "axios";
import ky from "ky";
import { launch } from "./browser.js";
import { calls, streamCall } from "./clients-calls.js";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

// The snippets import "endpoint-wasm" by name: node_modules/endpoint-wasm
// points at this checkout (as in bundlers.test.js).
const link = join(root, "node_modules", "endpoint-wasm");
if (!existsSync(link)) {
  mkdirSync(join(root, "node_modules"), { recursive: true });
  symlinkSync("..", link);
}

/**
 * recipes maps each "## name" section of docs/clients.md to the first js
 * block in it: its import lines, and the statements that send r and leave
 * the answer in `response`.
 */
function recipes() {
  const doc = readFileSync(join(root, "docs/clients.md"), "utf8");
  const out = {};
  for (const section of doc.split(/^## /m).slice(1)) {
    const name = section.slice(0, section.indexOf("\n")).trim();
    const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    if (!code) continue;
    const lines = code.trimEnd().split("\n");
    out[name] = { imports: lines.filter((l) => l.startsWith("import ")), body: lines.filter((l) => !l.startsWith("import ")) };
  }
  return out;
}

/**
 * moduleOf makes an ES module of a recipe whose default export sends r and
 * returns the response; resolve maps its bare imports (for Node, which
 * cannot resolve them from a data: URL; a page uses an import map).
 */
function moduleOf({ imports, body }, resolve = (s) => s) {
  const head = imports.map((l) => l.replace(/from "([^"]+)"/, (_, s) => `from "${resolve(s)}"`));
  return `${head.join("\n")}\nexport default async function send(r) {\n${body.join("\n")}\nreturn response;\n}\n`;
}

const RECIPES = recipes();

async function recipe(name) {
  assert.ok(RECIPES[name], `docs/clients.md has a "## ${name}" section with a js block`);
  const src = moduleOf(RECIPES[name], (s) => import.meta.resolve(s));
  return (await import(`data:text/javascript,${encodeURIComponent(src)}`)).default;
}

// The recording server: whatever is sent under /repos/ is recorded and
// answered 200 with a JSON object; for the Chromium test it also serves
// the page, its modules and dist/.
let server, origin;
const received = [];
const files = {};
before(async () => {
  server = createServer((req, res) => {
    if (req.url.startsWith("/repos/")) {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        const h = req.headers;
        received.push({
          method: req.method, path: req.url,
          headers: { authorization: h.authorization, "content-type": h["content-type"], "user-agent": h["user-agent"] },
          body: [...Buffer.concat(chunks)],
        });
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      });
      return;
    }
    const file = files[req.url] ?? (req.url.startsWith("/dist/") && !req.url.includes("..") ? { path: join(root, req.url) } : null);
    try {
      const body = file?.text ?? readFileSync(file.path);
      const type = req.url.endsWith(".html") ? "text/html" : req.url.endsWith(".wasm") ? "application/wasm" : "text/javascript";
      res.writeHead(200, { "content-type": type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * sendBoth sends each of the two calls with send, and checks that the server
 * received exactly what the call says, and that the client saw HTTP 200.
 */
async function sendBoth(send, statusOf) {
  for (const { name, request: r, want } of calls(endpoint, origin)) {
    received.length = 0;
    const response = await send(r);
    assert.equal(await statusOf(response), 200, name);
    assert.deepEqual(received, [want], name);
  }
}

test("fetch in Node: fetch(...toFetch(r)) sends the method, path, headers and body bytes", async () => {
  await sendBoth(await recipe("fetch"), async (response) => (await response.arrayBuffer(), response.status));
});

test("undici: request(...toFetch(r)) sends the method, path, headers and body bytes", async () => {
  await sendBoth(await recipe("undici"), (response) => response.statusCode);
});

test("axios: toFetch(r) as axios's config, with a view's bytes copied, sends the method, path, headers and body bytes", async () => {
  await sendBoth(await recipe("axios"), (response) => response.status);
});

test("got: toFetch(r) less duplex, as got's url and options, sends the method, path, headers and body bytes", async () => {
  await sendBoth(await recipe("got"), (response) => response.statusCode);
});

test("ky: ky(...toFetch(r)) sends the method, path, headers and body bytes", async () => {
  await sendBoth(await recipe("ky"), async (response) => (await response.arrayBuffer(), response.status));
});

/** sendStream sends a stream body with send and checks what the server received. */
async function sendStream(send, statusOf) {
  const { name, request: r, want } = streamCall(endpoint, origin);
  received.length = 0;
  const response = await send(r);
  assert.equal(await statusOf(response), 200, name);
  assert.deepEqual(received, [want], name);
}

test("a stream body: fetch, undici, got, ky and axios's fetch adapter send it with the recipes as written", async () => {
  await sendStream(await recipe("fetch"), async (response) => (await response.arrayBuffer(), response.status));
  await sendStream(await recipe("undici"), (response) => response.statusCode);
  await sendStream(await recipe("got"), (response) => response.statusCode);
  await sendStream(await recipe("ky"), async (response) => (await response.arrayBuffer(), response.status));
  await sendStream(await recipe("axios with a stream body"), (response) => response.status);
});

test("axios with a stream body: axios's default adapter refuses it, as docs/clients.md says; Readable.fromWeb sends it", async () => {
  const { Readable } = await import("node:stream");
  received.length = 0;
  const refused = await (await recipe("axios"))(streamCall(endpoint, origin).request).then(() => "sent", (e) => e.message);
  assert.equal(refused, "Data after transformation must be a string, an ArrayBuffer, a Buffer, or a Stream");
  assert.ok(readFileSync(join(root, "docs/clients.md"), "utf8").replaceAll("\n", " ").includes(`(\`${refused}\`: a Node stream)`));
  assert.deepEqual(received, []);
  await sendStream(async (r) => {
    const [url, { method, headers, body }] = toFetch(r);
    return axios({ url, method, headers, data: Readable.fromWeb(body) });
  }, (response) => response.status);
});

test("a Node Readable body: fetch(...toFetch(r)) sends it", async () => {
  const { Readable } = await import("node:stream");
  const { want } = streamCall(endpoint, origin);
  const r = endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name}", {
    baseUrl: origin, owner: "octokit", repo: "rest.js", release_id: 2, name: "stream.bin",
    data: Readable.from([Buffer.from(want.body.slice(0, 5)), Buffer.from(want.body.slice(5))]),
    headers: want.headers,
  });
  received.length = 0;
  const response = await (await recipe("fetch"))(r);
  await response.arrayBuffer();
  assert.deepEqual([response.status, received], [200, [want]]);
});

test("fetch in Chromium: the same snippet sends the method, path, headers and body bytes; the user-agent is the browser's", async () => {
  files["/page.html"] = { text: `<!doctype html><meta charset="utf-8"><title>fetch recipe</title>
<script type="importmap">{ "imports": { "endpoint-wasm": "/dist/index.js" } }</script>
<script type="module">
  import { ready } from "endpoint-wasm";
  import { calls } from "/calls.js";
  import send from "/recipe.js";
  try {
    const endpoint = await ready;
    const sent = [];
    for (const { name, request, want } of calls(endpoint, location.origin)) {
      const response = await send(request);
      await response.arrayBuffer();
      sent.push({ name, status: response.status, want });
    }
    window.__results = { sent, userAgent: navigator.userAgent };
  } catch (e) {
    window.__results = { error: String(e) };
  }
</script>` };
  files["/calls.js"] = { path: join(root, "js/test/clients-calls.js") };
  files["/recipe.js"] = { text: moduleOf(RECIPES.fetch) };
  received.length = 0;
  const browser = await launch();
  let results;
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/page.html`);
    await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 30000 });
    results = await page.evaluate(() => window.__results);
  } finally {
    await browser.close();
  }
  assert.equal(results.error, undefined);
  assert.match(results.userAgent, /Chrome\//);
  // Chromium does not let a page set user-agent: the server sees the browser's.
  const want = results.sent.map(({ want }) => ({ ...want, headers: { ...want.headers, "user-agent": results.userAgent } }));
  assert.deepEqual(results.sent.map((s) => s.status), [200, 200]);
  assert.deepEqual(received, want);
});

/**
 * throwawayCert makes a self-signed certificate for 127.0.0.1 with openssl,
 * in a temporary folder it removes: Chromium streams a request body only
 * over HTTP/2, which it speaks only over TLS.
 */
function throwawayCert() {
  const dir = mkdtempSync(join(tmpdir(), "endpoint-wasm-cert-"));
  try {
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("fetch in Chromium over HTTP/2: the same snippet sends a ReadableStream body", async () => {
  // One HTTP/2 server over TLS serves the page, its modules and dist/, and records the upload.
  const got = [];
  const h2 = createSecureServer(throwawayCert(), (req, res) => {
    if (req.url.startsWith("/repos/")) {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        const h = req.headers;
        got.push({ method: req.method, path: req.url, headers: { authorization: h.authorization, "content-type": h["content-type"], "user-agent": h["user-agent"] }, body: [...Buffer.concat(chunks)] });
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      });
      return;
    }
    const text = { "/page.html": STREAM_PAGE, "/recipe.js": moduleOf(RECIPES.fetch) }[req.url];
    const path = req.url === "/calls.js" ? join(root, "js/test/clients-calls.js") : req.url.startsWith("/dist/") && !req.url.includes("..") ? join(root, req.url) : null;
    try {
      const body = text ?? readFileSync(path);
      const type = req.url.endsWith(".html") ? "text/html" : req.url.endsWith(".wasm") ? "application/wasm" : "text/javascript";
      res.writeHead(200, { "content-type": type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => h2.listen(0, "127.0.0.1", resolve));
  const browser = await launch(["--ignore-certificate-errors"]);
  let results;
  try {
    const page = await browser.newPage();
    await page.goto(`https://127.0.0.1:${h2.address().port}/page.html`);
    await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 30000 });
    results = await page.evaluate(() => window.__results);
  } finally {
    await browser.close();
    await new Promise((resolve) => h2.close(resolve));
  }
  assert.equal(results.error, undefined);
  assert.equal(results.status, 200);
  assert.deepEqual(got, [{ ...results.want, headers: { ...results.want.headers, "user-agent": results.userAgent } }]);
});

const STREAM_PAGE = `<!doctype html><meta charset="utf-8"><title>fetch recipe, a stream</title>
<script type="importmap">{ "imports": { "endpoint-wasm": "/dist/index.js" } }</script>
<script type="module">
  import { ready } from "endpoint-wasm";
  import { streamCall } from "/calls.js";
  import send from "/recipe.js";
  try {
    const { request, want } = streamCall(await ready, location.origin);
    const response = await send(request);
    await response.arrayBuffer();
    window.__results = { status: response.status, want, userAgent: navigator.userAgent };
  } catch (e) {
    window.__results = { error: String(e) };
  }
</script>`;

test("without the recipes: the result as it is fails with fetch, undici, axios and ky, and axios sends a view's whole buffer", async () => {
  const [patch, upload] = calls(endpoint, origin);
  const r = patch.request;
  const outcome = (f) => Promise.resolve().then(f).then((x) => x.status ?? x.statusCode, (e) => e.message);
  received.length = 0;
  assert.deepEqual({
    "fetch(r.url, r)": await outcome(() => fetch(r.url, r)),
    "fetch(r.url, { ...r, body: JSON.stringify(r.body) })": await outcome(() => fetch(r.url, { ...r, body: JSON.stringify(r.body) })),
    "undici request(r.url, { ...r, body: JSON.stringify(r.body) })": await outcome(() => request(r.url, { ...r, body: JSON.stringify(r.body) })),
    "ky(r.url, r)": await outcome(() => ky(r.url, r)),
  }, {
    "fetch(r.url, r)": "Cannot convert object to primitive value",
    "fetch(r.url, { ...r, body: JSON.stringify(r.body) })": 400, // Node's server refuses "patch"
    "undici request(r.url, { ...r, body: JSON.stringify(r.body) })": 400,
    "ky(r.url, r)": "Cannot convert object to primitive value",
  });
  assert.deepEqual(received, [], "nothing got through");

  await axios(r);
  assert.deepEqual(received.map((x) => [x.method, x.body.length]), [["PATCH", 0]], "axios(r) sends no body");
  received.length = 0;
  const [url, init] = toFetch(upload.request);
  await axios({ url, method: init.method, headers: init.headers, data: init.body });
  assert.deepEqual([received[0].body.length, init.body.byteLength, init.body.buffer.byteLength], [300, 256, 300], "axios sends the view's whole buffer");
});
