// The workloads of `make bench`. Each makes, for one library, a unit (see
// measure.js) of its calls. Two kinds: what a program calling endpoint-wasm
// runs, each held to at least the reference's speed, and Octokit's pipeline,
// kept as information only, since Octokit cannot run on endpoint-wasm
// (@octokit/request imports @octokit/endpoint itself). Runs in Node and
// Chromium.
import { exampleCalls } from "./catalog.js";
import { calls as eightCalls } from "./calls.js";
import { batch, batchSize } from "./measure.js";
import { TOKEN, octokit, octokitOver, requestEndpointOf } from "./octokit.js";

const PAGES = 5000;
const count = (n) => n.toLocaleString("en-US");

/** OCTOKIT labels the workloads that replay Octokit's pipeline: information, never a target. */
export const OCTOKIT = "Octokit's pipeline";

/**
 * usableCalls returns the catalog's calls that build on both libraries, in
 * every way a workload calls them (an operation that throws on either
 * cannot be timed), and the ids of the rest.
 */
export function usableCalls(catalog, wasm, ref, userAgent) {
  const ok = [], failed = [];
  const ow = octokit(wasm, userAgent), or = octokit(ref, userAgent);
  for (const c of exampleCalls(catalog)) {
    try {
      for (const ep of [wasm, ref]) {
        ep(c.route, c.options());
        ep.parse(ep.merge(c.route, c.options()));
        ep.defaults({ headers: { authorization: `token ${TOKEN}` } })(c.route, c.options());
      }
      ow.request(c.route, c.options()); or.request(c.route, c.options());
      ok.push(c);
    } catch (e) {
      failed.push(`${c.id}: ${e.message}`);
    }
  }
  return { calls: ok, failed };
}

/** overCalls is a unit that builds fresh options for every call (untimed), then times call(route, options, i) over them all. */
function overCalls(calls, call, setup = () => {}) {
  return () => {
    const opts = calls.map((c) => c.options());
    setup(calls.length);
    const t = performance.now();
    for (let i = 0; i < calls.length; i++) call(calls[i].route, opts[i], i);
    return [calls.length, performance.now() - t];
  };
}

/**
 * tokens returns a function giving n installation-style tokens never given
 * before (the count goes on across rounds), so that no two clients share one.
 */
function tokens() {
  let n = 0;
  return (count) => Array.from({ length: count }, () => `ghs_${String(++n).padStart(36, "0")}`);
}

/** pageURLs returns a function giving PAGES next-page urls never given before (page numbers count on across rounds). */
function pageURLs() {
  let page = 1;
  return () => Array.from({ length: PAGES }, () => `https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=${++page}`);
}

/**
 * programWorkloads: what a program using endpoint-wasm does over the
 * catalog, each with fresh option objects: plain calls, a client per
 * request, one long-lived client, the next page asked directly, and
 * merge() then parse() with and without a header changed in between.
 */
export function programWorkloads(calls) {
  return [
    { group: "catalog", name: `each of ${count(calls.length)} operations, fresh options`, unit: (ep) => overCalls(calls, ep) },
    { group: "a new client per request", name: ".defaults() with its own token, then the call", unit: (ep) => newClients(calls, ep) },
    { group: "one long-lived client", name: ".defaults() with a token once, then the catalog", unit: (ep) => overCalls(calls, ep.defaults({ headers: { authorization: `token ${TOKEN}` } })) },
    { group: "next page", name: `client({ method: "GET", url }), ${count(PAGES)} new urls`, unit: (ep) => nextPages(ep) },
    { group: "parse(merge())", name: "the catalog", unit: (ep) => overCalls(calls, (route, options) => ep.parse(ep.merge(route, options))) },
    { group: "merge(), a changed header, parse()", name: "the catalog", unit: (ep) => overCalls(calls, (route, options) => mergeChangeParse(ep, route, options)) },
  ];
}

/**
 * newClients is the unit of a server answering webhooks, each with an
 * installation's token: a client made with .defaults() for the request,
 * then called once. Every client has a token of its own.
 */
function newClients(calls, ep) {
  const next = tokens();
  let own;
  return overCalls(
    calls,
    (route, options, i) => ep.defaults({ headers: { authorization: `token ${own[i]}` } })(route, options),
    (n) => (own = next(n)),
  );
}

/** nextPages is the unit of a program following `link` headers itself: the client's call with the next url, a new one each time. */
function nextPages(ep) {
  const client = ep.defaults({ headers: { authorization: `token ${TOKEN}` } });
  const next = pageURLs();
  return () => {
    const urls = next();
    const t = performance.now();
    for (const url of urls) client({ method: "GET", url });
    return [PAGES, performance.now() - t];
  };
}

/** mergeChangeParse merges, sets a header on the result as a program adding its auth would, then parses. */
function mergeChangeParse(ep, route, options) {
  const m = ep.merge(route, options);
  m.headers.authorization = `token ${TOKEN}`;
  return ep.parse(m);
}

/**
 * octokitWorkloads: Octokit's own calls into the endpoint (octokit.js) over
 * the catalog, the next page through plugin-paginate-rest, and a new
 * Octokit instance per request. Information only (OCTOKIT).
 */
export function octokitWorkloads(calls, userAgent) {
  return [
    { name: "each operation, Octokit's calls", unit: (ep) => overCalls(calls, octokit(ep, userAgent).request) },
    { name: `next page through Octokit, ${count(PAGES)} new urls`, unit: (ep) => octokitPages(ep, userAgent) },
    { name: "a new Octokit per request", unit: (ep) => newOctokits(calls, ep, userAgent) },
  ].map((w) => ({ ...w, group: OCTOKIT, information: true }));
}

/**
 * newOctokits is the unit of a program that makes an Octokit instance for
 * each request: the instance's .defaults() (octokitOver), then its
 * request, for each operation of the catalog.
 */
function newOctokits(calls, ep, userAgent) {
  const requestEndpoint = requestEndpointOf(ep, userAgent);
  return overCalls(calls, (route, options) => octokitOver(requestEndpoint, userAgent).request(route, options));
}

/**
 * octokitPages is the unit of plugin-paginate-rest following `link`
 * headers: each call a url never seen before, with the first request's
 * method and headers, through Octokit's request.
 */
function octokitPages(ep, userAgent) {
  const follow = octokit(ep, userAgent).pages("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 });
  const next = pageURLs();
  return () => {
    const urls = next();
    const t = performance.now();
    for (const url of urls) follow(url);
    return [PAGES, performance.now() - t];
  };
}

/** eightWorkloads: the calls of js/bench/calls.js; ep only names them. */
export function eightWorkloads(ep) {
  return eightCalls(ep).map(([name], i) => ({
    group: "eight calls",
    name,
    unit: (ep) => {
      const fn = eightCalls(ep)[i][1];
      return batch(fn, batchSize(fn));
    },
  }));
}

/**
 * longValueWorkloads: url values longer than the catalog's examples, which
 * the engine must read and encode: a search q at GitHub's limit of 256
 * characters and past it, and a contents path of a deep tree.
 */
export function longValueWorkloads() {
  const text = (n) => "tetris language:assembly ".repeat(Math.ceil(n / 25)).slice(0, n);
  const path = (n) => "src/components/forms/inputs/".repeat(Math.ceil(n / 28)).slice(0, n);
  const shapes = [
    ["search q, 256 characters", (ep) => ep("GET /search/issues", { q: text(256), per_page: 100 })],
    ["search q, 1,000 characters", (ep) => ep("GET /search/issues", { q: text(1000), per_page: 100 })],
    ["contents path, 300 characters", (ep) => ep("GET /repos/{owner}/{repo}/contents/{path}", { owner: "octokit", repo: "rest.js", path: path(300) })],
    ["contents path, 1,000 characters", (ep) => ep("GET /repos/{owner}/{repo}/contents/{path}", { owner: "octokit", repo: "rest.js", path: path(1000) })],
  ];
  return shapes.map(([name, call]) => ({
    group: "long url values",
    name,
    unit: (ep) => {
      const fn = () => call(ep);
      return batch(fn, batchSize(fn));
    },
  }));
}
