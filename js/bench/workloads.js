// The workloads of `make bench` (issue 9, "The benchmark that decides"):
// real traffic rather than a few fixed calls. Each workload makes, for one
// library, a unit (see measure.js) of its calls. Runs in Node and Chromium.
import { exampleCalls } from "./catalog.js";
import { calls as eightCalls } from "./calls.js";
import { batch, batchSize } from "./measure.js";
import { octokit, octokitOver, requestEndpointOf } from "./octokit.js";

const PAGES = 5000;

/**
 * usableCalls returns the catalog's calls that build on both libraries (an
 * operation that throws on either cannot be timed) and the ids of the rest.
 */
export function usableCalls(catalog, wasm, ref, userAgent) {
  const ok = [], failed = [];
  const ow = octokit(wasm, userAgent), or = octokit(ref, userAgent);
  for (const c of exampleCalls(catalog)) {
    try {
      wasm(c.route, c.options()); ref(c.route, c.options());
      ow.request(c.route, c.options()); or.request(c.route, c.options());
      ok.push(c);
    } catch (e) {
      failed.push(`${c.id}: ${e.message}`);
    }
  }
  return { calls: ok, failed };
}

/** overCalls is a unit that builds fresh options for every call (untimed), then times call(route, options) over them all. */
function overCalls(calls, call) {
  return () => {
    const opts = calls.map((c) => c.options());
    const t = performance.now();
    for (let i = 0; i < calls.length; i++) call(calls[i].route, opts[i]);
    return [calls.length, performance.now() - t];
  };
}

/** trafficWorkloads: the catalog once per round, directly and through Octokit, and the next page 5,000 times. */
export function trafficWorkloads(calls, userAgent) {
  return [
    { group: "catalog", name: `each of ${calls.length} operations`, unit: (ep) => overCalls(calls, ep) },
    { group: "octokit", name: "each operation, Octokit's calls", unit: (ep) => overCalls(calls, octokit(ep, userAgent).request) },
    { group: "next page", name: `${PAGES} new page urls per round`, unit: (ep) => nextPages(ep, userAgent) },
    { group: "clients", name: "a new Octokit for each operation", unit: (ep) => newClients(calls, ep, userAgent) },
  ];
}

/**
 * newClients is the unit of a program that makes an Octokit instance for
 * each request (a server answering webhooks with an installation's token):
 * the instance's .defaults() (octokitOver), then its request, for each
 * operation of the catalog.
 */
function newClients(calls, ep, userAgent) {
  const requestEndpoint = requestEndpointOf(ep, userAgent);
  return overCalls(calls, (route, options) => octokitOver(requestEndpoint, userAgent).request(route, options));
}

/**
 * nextPages is the unit of plugin-paginate-rest following `link` headers:
 * each call a url never seen before (page numbers keep counting up across
 * rounds), with the first request's method and headers.
 */
function nextPages(ep, userAgent) {
  const next = octokit(ep, userAgent).pages("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 });
  let page = 1;
  return () => {
    const urls = [];
    for (let i = 0; i < PAGES; i++) urls.push(`https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=${++page}`);
    const t = performance.now();
    for (const url of urls) next(url);
    return [PAGES, performance.now() - t];
  };
}

/** eightWorkloads: the calls of js/bench/calls.js, the benchmark set before issue 9; ep only names them. */
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
