// How many times a call pattern enters the engine: a property of the design
// (shim.js keeps the last merge() and its answer), counted, never timed.
// Octokit's calls are the ones the benchmark mirrors (js/bench/octokit.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { prepare, start } from "../../dist/load.js";
import { octokit, octokitOver, requestEndpointOf } from "../bench/octokit.js";

/**
 * counted returns an endpoint over a fresh instance, a function giving the
 * calls into the engine so far, the messages of those calls (as Latin-1
 * text, so that tests can look for what crossed), and a function giving
 * the loads of held values so far.
 */
async function counted() {
  const rt = prepare();
  let loads = 0;
  const load = rt.go.importObject.ew.load;
  rt.go.importObject.ew.load = (...args) => {
    loads++;
    return load(...args);
  };
  const module = await WebAssembly.compile(readFileSync(new URL("../../dist/endpoint.wasm", import.meta.url)));
  const instance = await WebAssembly.instantiate(module, rt.go.importObject);
  let calls = 0;
  const messages = [];
  const { ew_call, ew_box, mem } = instance.exports;
  const exports = {
    ...instance.exports,
    ew_call: (n) => {
      calls++;
      const at = new Uint32Array(mem.buffer)[ew_box() >>> 2]; // the box's first slot: the input buffer
      messages.push(String.fromCharCode(...new Uint8Array(mem.buffer, at, n)));
      return ew_call(n);
    },
  };
  // Go's runtime wants a WebAssembly.Instance: one whose exports are these.
  const wrapped = Object.create(WebAssembly.Instance.prototype, { exports: { value: exports } });
  return { ep: start(rt, wrapped), calls: () => calls, messages, loads: () => loads };
}

/** perRequest returns the engine calls each of three requests made. */
function perRequest(calls, request, n = 3) {
  const counts = [];
  for (let i = 0; i < n; i++) {
    const before = calls();
    request(i);
    counts.push(calls() - before);
  }
  return counts;
}

test("Octokit's request enters the engine once from the third on: its merge, with the remerge of the authenticated options and its parse answered ahead", async () => {
  const { ep, calls } = await counted();
  const { request } = octokit(ep, "test");
  const counts = perRequest(calls, (i) => request("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", labels: ["bug", "ui"], page: i }), 4);
  // The first request teaches the shim that parse() follows the remerge;
  // the second, that the auth hook sets the same header as the first did.
  assert.deepEqual(counts, [3, 2, 1, 1]);
});

test("Octokit's request with a preview and a body object crosses once too: the caller's arrays and objects passed through are checked, not distrusted", async () => {
  const { ep, calls } = await counted();
  const { request } = octokit(ep, "test");
  const counts = perRequest(calls, (i) => request("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: `t${i}`, labels: ["bug"], mediaType: { previews: ["squirrel-girl"] } }), 4);
  assert.deepEqual(counts, [3, 2, 1, 1]);
});

test("a changed result is sent again: a preview pushed into the passed-through array after merge() reaches parse() (D21)", async () => {
  const { ep } = await counted();
  const { endpoint } = octokit(ep, "test");
  const m = endpoint.merge(endpoint.merge("GET /x", { mediaType: { previews: ["a"] } }), undefined);
  endpoint.parse(m); // pairing learned
  const m2 = endpoint.merge(m, undefined);
  m2.mediaType.previews.push("b");
  assert.equal(endpoint.parse(m2).headers.accept, "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json");
});

test("the next page enters the engine once per page from the third on", async () => {
  const { ep, calls } = await counted();
  const next = octokit(ep, "test").pages("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 });
  const counts = perRequest(calls, (i) => next(`https://api.github.com/repositories/1296269/issues?per_page=100&page=${i + 2}`), 4);
  assert.deepEqual(counts, [3, 2, 1, 1]);
});

test("Octokit's authenticated options cross as the changed headers only: the second call of a request is a remerge that holds neither the parameters nor the url", async () => {
  const { ep, messages } = await counted();
  const { request } = octokit(ep, "test");
  for (let i = 0; i < 2; i++) request("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", page: i });
  const [merge, remerge] = messages.slice(-2);
  assert.equal(merge[0], "M");
  assert.ok(merge.includes("rest.js") && merge.includes("/repos/{owner}/{repo}/issues"));
  assert.equal(remerge[0], "S", "a remerge, parsed at once"); // OP_REMERGE_PARSE
  assert.ok(remerge.includes("token ghp_16C7e42F292c6912E7710c838347Ae178B4a"), "the header the auth hook set");
  for (const absent of ["rest.js", "/repos/", "state", "baseUrl", "mediaType", "request"]) {
    assert.ok(!remerge.includes(absent), `${absent} crossed again`);
  }
});

test("merge() of a changed result after another call sends the options whole, and gives what a remerge would (spec rules 1, 3)", async () => {
  const { ep, messages } = await counted();
  const { endpoint } = octokit(ep, "test");
  const route = "GET /repos/{owner}/{repo}/issues";
  const changed = () => {
    const m = endpoint.merge(endpoint.merge(route, { owner: "o", repo: "r" }), undefined);
    m.headers.authorization = "token t";
    m.page = 2;
    return m;
  };
  const remerged = endpoint.merge(changed(), undefined);
  assert.equal(messages.at(-1)[0], "R");
  const m = changed();
  endpoint("GET /user"); // the engine no longer holds m's merge
  const whole = endpoint.merge(m, undefined);
  assert.equal(messages.at(-1)[0], "M");
  assert.deepEqual(whole, remerged);
  assert.equal(whole.headers.authorization, "token t");
  assert.deepEqual(Object.keys(whole).slice(-3), ["owner", "repo", "page"]);
});

test("a header value the layer holds crosses as its handle there: the user-agent given back by the next page and the auth hook is not written again, and the results are the reference's", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, messages } = await counted();
  const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36";
  const route = "GET /repos/{owner}/{repo}/issues", parameters = { owner: "octokit", repo: "rest.js", per_page: 100 };
  const next = octokit(ep, ua).pages(route, parameters), nextRef = octokit(ref, ua).pages(route, parameters);
  for (let page = 2; page < 6; page++) {
    const url = `https://api.github.com/repositories/1296269/issues?per_page=100&page=${page}`;
    const before = messages.length;
    const got = next(url), want = nextRef(url); // each with its own hook
    assert.deepEqual({ ...got, request: null }, { ...want, method: want.method.toLowerCase(), request: null }); // D3
    assert.equal(typeof got.request.hook, "function");
    // The first page's parse() is a call of its own, on no layer (it
    // teaches the shim that parse() follows); the pages after it are not.
    const sent = messages.slice(before);
    if (page > 2) assert.ok(sent.length === (page === 3 ? 2 : 1) && sent.every((m) => !m.includes(ua)), `page ${page}: the user-agent crossed as text`);
  }
});

test("only the layer's header values cross by handle: a header equal to another of the layer's values is written, so that a lookup costs by the layer's headers alone", async () => {
  const { ep, messages } = await counted();
  const header = "application/vnd.example.header-value+json", other = "a parameter value of the layer, long enough";
  const layer = ep.defaults({ headers: { "x-a": header }, note: other });
  const r = layer("GET /x", { headers: { "x-b": other, "x-c": header } });
  const sent = messages.at(-1);
  assert.ok(sent.includes(other) && !sent.includes(header), "what crossed as text");
  assert.equal(r.headers["x-b"], other);
  assert.equal(r.headers["x-c"], header);
});

test("a new Octokit instance made like the two before enters the engine for its request only: its .defaults() is the same layer for Go, made again in the shim (protocol.js, layerAgain)", async () => {
  const { ep, calls } = await counted();
  const requestEndpoint = requestEndpointOf(ep, "test");
  const hooks = [];
  const counts = perRequest(calls, (i) => {
    const client = octokitOver(requestEndpoint, "test");
    hooks.push(client.endpoint.DEFAULTS.request.hook);
    const r = client.request("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", page: i });
    assert.equal(r.request.hook, hooks[i], "each instance's own hook, by reference");
    assert.equal(r.headers.authorization, "token ghp_16C7e42F292c6912E7710c838347Ae178B4a");
  }, 4);
  // The first instance: its layer, then its request (3: the shim learns
  // that parse() follows); the second: its layer, whose message came twice,
  // so that the shim keeps Go's answer, and its request (2: the shim learns
  // that the auth hook sets the same header); the third: its request
  // alone, in one call, and so on.
  assert.deepEqual(counts, [4, 3, 1, 1]);
  assert.equal(new Set(hooks).size, 4);
});

test("a .defaults() unlike the one before enters the engine: other options, another parent, a layer Go forgot", async () => {
  const { ep, calls } = await counted();
  const before = calls();
  ep.defaults({ per_page: 1 });
  ep.defaults({ per_page: 2 });
  const one = ep.defaults({ per_page: 1 }); // like the first, but not the last
  one.defaults({ per_page: 1 }); // on another parent
  assert.equal(calls() - before, 4);
  assert.equal(one("GET /x").url, "https://api.github.com/x?per_page=1");
});

/**
 * authed makes the endpoint calls of a request whose auth hook sets
 * token, as Octokit's request and @octokit/auth-token do
 * (js/bench/octokit.js), on endpoint, an Octokit instance's.
 */
function authed(endpoint, route, parameters, token) {
  const options = endpoint.merge(endpoint.merge(route, parameters), undefined);
  options.headers.authorization = token;
  return endpoint.parse(endpoint.merge(options, undefined));
}

/** asReference returns the reference's result as ours reads: the method in lower case (D3), request left out. */
const asReference = (r) => ({ ...r, method: r.method.toLowerCase(), request: null });

/** ourResult returns our result with request left out (each instance has its own hook). */
const ourResult = (r) => ({ ...r, request: null });

test("the token the auth hook sets crosses once: from the fourth request on, the merge asked ahead names the header members the engine keeps", async () => {
  const { ep, messages } = await counted();
  const { request } = octokit(ep, "test");
  const sent = [];
  for (let i = 0; i < 4; i++) {
    const before = messages.length;
    request("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", page: i });
    sent.push(messages.slice(before));
  }
  const token = "token ghp_16C7e42F292c6912E7710c838347Ae178B4a";
  assert.deepEqual(sent.slice(2).map((m) => m.map((x) => x[0])), [["A"], ["A"]]); // OP_MERGE_AHEAD
  assert.ok(sent[2][0].includes(token), "the third request writes the token");
  assert.ok(!sent[3][0].includes(token), "the fourth wrote it again");
});

test("a token that changes on every request is never asked ahead, and each result carries its own token", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, calls } = await counted();
  const ours = octokit(ep, "test").endpoint, theirs = octokit(ref, "test").endpoint;
  const route = "GET /repos/{owner}/{repo}/issues";
  const counts = perRequest(calls, (i) => {
    const token = `token ghs_installation${i}`;
    const got = authed(ours, route, { owner: "o", repo: "r", page: i }, token);
    assert.deepEqual(ourResult(got), asReference(authed(theirs, route, { owner: "o", repo: "r", page: i }, token)));
  }, 5);
  assert.deepEqual(counts, [3, 2, 2, 2, 2]);
});

test("a token that changes after the engine answered ahead gives the new token's result: the answer ahead is left, and the changed options are remerged", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, calls, messages } = await counted();
  const ours = octokit(ep, "test").endpoint, theirs = octokit(ref, "test").endpoint;
  const route = "POST /repos/{owner}/{repo}/issues";
  const tokens = ["token a", "token a", "token a", "token b", "token b", "token b", "token b"];
  const counts = perRequest(calls, (i) => {
    const parameters = { owner: "o", repo: "r", title: `t${i}`, labels: ["bug"] };
    const got = authed(ours, route, parameters, tokens[i]);
    assert.deepEqual(ourResult(got), asReference(authed(theirs, route, { ...parameters }, tokens[i])));
    assert.equal(got.headers.authorization, tokens[i]);
  }, tokens.length);
  // The fourth request's merge was asked ahead with "token a": a remerge
  // follows. The fifth learns "token b" again, the sixth asks ahead.
  assert.deepEqual(counts, [3, 2, 1, 2, 2, 1, 1]);
  assert.deepEqual(messages.slice(-6).map((m) => m[0]), ["A", "S", "M", "S", "A", "A"]);
});

/**
 * neverAskedAhead makes four requests whose hook changes the merged headers
 * with set, on our endpoint and the reference's, and checks that each
 * result is the reference's and that no merge was asked ahead (each request
 * after the first is a merge and a remerge).
 */
async function neverAskedAhead(set) {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, calls, messages } = await counted();
  const ours = octokit(ep, "test").endpoint, theirs = octokit(ref, "test").endpoint;
  const request = (endpoint, i) => {
    const options = endpoint.merge(endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: `r${i}` }), undefined);
    set(options.headers);
    return endpoint.parse(endpoint.merge(options, undefined));
  };
  const counts = perRequest(calls, (i) => assert.deepEqual(ourResult(request(ours, i)), asReference(request(theirs, i))), 4);
  assert.deepEqual(counts, [3, 2, 2, 2]);
  assert.ok(!messages.some((m) => m[0] === "A"), "asked ahead in vain");
}

test("a header set under a name in capitals is never asked ahead: the engine lower-cases it (D22), and the results are the reference's", () =>
  neverAskedAhead((h) => {
    h.Authorization = "token t";
  }));

test("a header the hook sets to undefined beside its token is never asked ahead: the engine drops it (D15), and the results are the reference's", () =>
  neverAskedAhead((h) => {
    h.authorization = "token t";
    h["x-trace"] = undefined;
  }));

test("an answer ahead that the program does not use stops the next merge from asking ahead, until a remerge sets the same headers again", async () => {
  const { ep, calls } = await counted();
  const { endpoint } = octokit(ep, "test");
  const route = "GET /repos/{owner}/{repo}";
  const token = "token ghp_16C7e42F292c6912E7710c838347Ae178B4a";
  perRequest(calls, () => authed(endpoint, route, { owner: "o", repo: "r" }, token), 2); // now sure
  const counts = [];
  const count = (f) => {
    const before = calls();
    f();
    counts.push(calls() - before);
  };
  count(() => endpoint.parse(endpoint.merge(route, { owner: "o", repo: "plain" }))); // asked ahead, in vain
  count(() => authed(endpoint, route, { owner: "o", repo: "r" }, token)); // not asked ahead: sure again
  count(() => authed(endpoint, route, { owner: "o", repo: "r" }, token)); // asked ahead
  assert.deepEqual(counts, [2, 2, 1]);
});

test("once the merge asked ahead is handed out again, its result merged unchanged once more is the merge's and not the answer ahead's, with no call; the authenticated one then is the answer ahead's", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, calls } = await counted();
  const ours = octokit(ep, "test").endpoint, theirs = octokit(ref, "test").endpoint;
  const route = "GET /repos/{owner}/{repo}";
  const token = "token ghp_16C7e42F292c6912E7710c838347Ae178B4a";
  perRequest(calls, () => authed(ours, route, { owner: "o", repo: "r" }, token), 2); // now sure
  // Each result as it was answered: its headers copied before the next step changes them.
  const seen = (o) => ({ ...o, headers: { ...o.headers }, request: null });
  const steps = (endpoint) => {
    const merged = endpoint.merge(route, { owner: "o", repo: "r" }); // asked ahead
    const again = endpoint.merge(merged, undefined); // the merge's answer, handed out again
    const twice = endpoint.merge(again, undefined); // unchanged once more: not the answer ahead
    const answered = [seen(merged), seen(again), seen(twice)];
    twice.headers.authorization = token;
    const authenticated = endpoint.merge(twice, undefined); // the answer ahead
    return [...answered, seen(authenticated), endpoint.parse(authenticated)];
  };
  const before = calls();
  const got = steps(ours);
  assert.equal(calls() - before, 1);
  const want = steps(theirs);
  for (let i = 0; i < 4; i++) assert.deepEqual(got[i], want[i], `step ${i + 1}`);
  assert.deepEqual(ourResult(got[4]), asReference(want[4]));
});

test("merged options changed in place at any depth are merged as changed, never built again from the answer: each change gives the reference's merges and a fresh instance's parse, with plain objects of their own (D2, D21)", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const fresh = (await counted()).ep; // parses what it is given: no merge of its own to replay
  const route = "GET /repos/{owner}/{repo}/issues";
  // per_page last: deleting it leaves a url that builds (D34 needs repo).
  const parameters = () => ({ owner: "o", repo: "r", mediaType: { previews: ["a"] }, per_page: 100 });
  const token = "token ghp_16C7e42F292c6912E7710c838347Ae178B4a";
  const changes = {
    "a header's value": (o) => (o.headers.accept = "application/vnd.github.raw+json"),
    "a preview pushed": (o) => o.mediaType.previews.push("squirrel-girl"),
    "the format": (o) => (o.mediaType.format = "diff"),
    "a key deleted": (o) => delete o.baseUrl,
    "the last key deleted": (o) => delete o.per_page,
    "a key added": (o) => (o.state = "open"),
    "a key moved last": (o) => { const m = o.method; delete o.method; o.method = m; },
    "the url": (o) => (o.url = "/repos/{owner}/{repo}/pulls"),
    "a parameter": (o) => (o.owner = "p"),
    "a header added": (o) => (o.headers["x-extra"] = "1"),
    "headers replaced by a copy": (o) => (o.headers = { ...o.headers }),
    "request replaced by a copy": (o) => (o.request = { ...o.request }),
  };
  // A result as it was answered, its plain objects copied before the next step changes them.
  const seen = (o) => ({ ...o, headers: { ...o.headers }, mediaType: { ...o.mediaType, previews: [...o.mediaType.previews] }, request: null });
  for (const [name, change] of Object.entries(changes)) {
    for (const at of ["the merge", "the merge handed out again"]) {
      const { ep, calls } = await counted();
      const ours = octokit(ep, "test").endpoint, theirs = octokit(ref, "test").endpoint;
      perRequest(calls, () => authed(ours, route, parameters(), token), 3); // asked ahead from now on
      const steps = (endpoint) => {
        const merged = endpoint.merge(route, parameters());
        if (at === "the merge") change(merged);
        const again = endpoint.merge(merged, undefined);
        if (at !== "the merge") change(again);
        for (const k of ["headers", "mediaType", "request"]) if (k in merged) assert.notEqual(again[k], merged[k], `${name}, at ${at}: ${k} is its own`);
        const answered = seen(again);
        again.headers.authorization = token;
        const authenticated = endpoint.merge(again, undefined);
        assert.notEqual(authenticated.headers, again.headers, `${name}, at ${at}: the authenticated headers are their own`);
        return [answered, seen(authenticated), endpoint.parse(authenticated)];
      };
      const got = steps(ours), want = steps(theirs);
      assert.deepEqual(got[0], want[0], `${name}, at ${at}: merge() again`);
      assert.deepEqual(got[1], want[1], `${name}, at ${at}: the authenticated merge`);
      // (Not the reference's parse: previews apply on every route here, D25.)
      assert.deepEqual(ourResult(got[2]), ourResult(fresh.parse(got[1])), `${name}, at ${at}: parse()`);
    }
  }
});

test("a header value with a line break that the hook sets is refused at the program's merge() on every request, when asked ahead as before (D22, D28)", async () => {
  const { ep } = await counted();
  const { endpoint } = octokit(ep, "test");
  for (let i = 0; i < 4; i++) {
    assert.throws(() => authed(endpoint, "GET /user", {}, "token a\r\nx-evil: 1"), (e) => e.code === "ERR_INVALID_HEADER" && e.field === "headers.authorization", `request ${i + 1}`);
  }
  assert.equal(authed(endpoint, "GET /user", {}, "token good").headers.authorization, "token good");
});

test("Octokit's request with an object and a long array in its body crosses once too: values the engine holds by reference and never read are the same while they are the very values", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, calls } = await counted();
  const ours = octokit(ep, "test"), theirs = octokit(ref, "test");
  const route = "POST /app/installations/{installation_id}/access_tokens";
  const parameters = (i) => ({ installation_id: i, repositories: Array.from({ length: 20 }, (_, j) => `repo-${j}`), permissions: { issues: "write", contents: "read" } });
  const counts = perRequest(calls, (i) => {
    const p = parameters(i);
    const got = ours.request(route, p);
    assert.deepEqual(ourResult(got), asReference(theirs.request(route, parameters(i))));
    assert.equal(got.body.permissions, p.permissions, "by reference");
    assert.equal(got.body.repositories, p.repositories, "by reference");
  }, 4);
  assert.deepEqual(counts, [3, 2, 1, 1]);
});

test("a long array the engine loaded for the query, changed by the program after merge(), is sent again: the url has its new members", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep } = await counted();
  const ours = octokit(ep, "test").endpoint, theirs = octokit(ref, "test").endpoint;
  const request = (endpoint, i) => {
    const options = endpoint.merge(endpoint.merge("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: Array.from({ length: 20 }, (_, j) => `l${j}`) }), undefined);
    options.headers.authorization = "token t";
    options.labels.push(`new${i}`);
    return endpoint.parse(endpoint.merge(options, undefined));
  };
  for (let i = 0; i < 4; i++) {
    const got = request(ours, i);
    assert.ok(got.url.endsWith(`new${i}`), got.url);
    assert.deepEqual(ourResult(got), asReference(request(theirs, i)));
  }
});

test("Octokit's requests and its next pages in turn ask ahead with the same headers, and the token crosses once for both", async () => {
  const { ep, messages } = await counted();
  const o = octokit(ep, "test");
  const next = o.pages("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 });
  const token = "token ghp_16C7e42F292c6912E7710c838347Ae178B4a";
  const sent = [];
  for (let i = 0; i < 6; i++) {
    const before = messages.length;
    o.request("GET /repos/{owner}/{repo}", { owner: "octokit", repo: `r${i}` });
    next(`https://api.github.com/repositories/1296269/issues?per_page=100&page=${i + 2}`);
    sent.push(messages.slice(before));
  }
  const last = sent.slice(-3).flat();
  assert.deepEqual(last.map((m) => m[0]), ["A", "A", "A", "A", "A", "A"]);
  assert.ok(!last.some((m) => m.includes(token)), "the token crossed again");
});

test("a long string parameter of a GET crosses in its message, which the engine reads whole, and one of a POST's body is held and never crosses", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, messages, loads } = await counted();
  const q = "tetris language:assembly ".repeat(40); // 1,000 characters: long enough to be held, were it not read
  const get = ep("GET /search/issues", { q, per_page: 100 });
  assert.equal(get.url, ref("GET /search/issues", { q, per_page: 100 }).url);
  assert.ok(messages.at(-1).includes(q), "the GET's q was held");
  const head = ep("head /search/issues", { q });
  assert.ok(messages.at(-1).includes(q) && head.url.endsWith("tetris%20language%3Aassembly%20"), "the HEAD's q was held");
  assert.equal(loads(), 0);
  const post = ep("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", body: q });
  assert.equal(post.body.body, q);
  assert.ok(!messages.at(-1).includes(q), "the POST's body crossed");
  assert.equal(loads(), 0);
});

test("a held value that several expressions of a url name is loaded once in the call, and again in the next (D29)", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, loads } = await counted();
  const labels = Array.from({ length: 20 }, (_, i) => `label-${i}`); // more than 16 members: held
  const route = "POST /x/{labels}/{labels}{?labels}";
  const want = ref(route, { labels }).url;
  ep("POST /x/{labels}", { labels }); // the first load of an instance asks twice: Go's buffer for loads grows
  for (let i = 0; i < 2; i++) {
    const before = loads();
    assert.equal(ep(route, { labels }).url, want);
    assert.equal(loads() - before, 1, `call ${i + 1}`);
  }
});

test("a header getter the program puts on merged options that throws when read again gives an EndpointError naming the options, never its own error (D28)", async () => {
  const { ep } = await counted();
  const { endpoint } = octokit(ep, "test");
  for (let i = 0; i < 3; i++) {
    const m = endpoint.merge(endpoint.merge("GET /x", {}), undefined);
    let reads = 0;
    Object.defineProperty(m.headers, "authorization", {
      enumerable: true,
      get() {
        if (reads++ > 0) throw new Error("read again");
        return "token t";
      },
    });
    assert.throws(() => endpoint.parse(endpoint.merge(m, undefined)), (e) => e.code === "ERR_INVALID_ARGUMENT" && e.field === "options", `request ${i + 1}`);
  }
  assert.equal(endpoint("GET /y").url, "https://api.github.com/y");
});

test("a long string of a GET route whose options name another method is held, as a body's: the options' method wins over the route's (D6, spec rule 4)", async () => {
  const { endpoint: ref } = await import("@octokit/endpoint");
  const { ep, messages, loads } = await counted();
  const text = "a comment's text, long enough to be held. ".repeat(20);
  const got = ep("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", method: "POST", body: text });
  const want = ref("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", method: "POST", body: text });
  assert.deepEqual([got.method, got.url, got.body], [want.method.toLowerCase(), want.url, want.body]);
  assert.ok(!messages.at(-1).includes(text), "the body crossed");
  assert.equal(loads(), 0);
});
