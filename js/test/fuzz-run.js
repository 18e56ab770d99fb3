// The fuzz target's loop and invariants. Each case (fuzz-gen.js)
// is run on fresh input several times: endpoint(x), parse(merge(x)), and
// endpoint(x) again. The invariants:
//   1. only an EndpointError is ever thrown, with an ERR_* code and a
//      message starting "endpoint: " (D28);
//   2. the runtime stays alive: the known call gives the known answer (D29);
//   3. no header name or value of any result holds CR, LF or NUL (D22);
//   4. endpoint(x) deep-equals parse(merge(x)): the same result or the same
//      error code (spec rule 6), for cases without getters;
//   5. the same input twice gives the same answer;
//   6. merge() of merged options equals merge() of an equal copy, and
//      parse() of it equals endpoint(x) (spec rules 1, 3 and 6), for cases
//      without getters: no answer depends on an object coming back;
//   7. the same with a header and a parameter set on the merged options, as
//      Octokit's auth hook does: it must equal merge() of a changed copy;
//   8. the same with the header alone, three requests in a row on one
//      endpoint, and a fourth whose header has another value: each must
//      equal the answer for a copy, whatever the calls before it;
//   9. a result is where its route says (whereProblems), each rule seen
//      from outside the engine: a url option leaves the request on the
//      origin (new URL().origin) it has without it (D31); no path segment
//      is . or .. but one the template wrote (D32); a key[] list has a
//      query pair per element (D33); no middle path segment lacked a value
//      (D34).

import { KNOWN_OPTIONS, KNOWN_ROUTE, knownAnswer } from "./hostile-lib.js";
import { build, generate } from "./fuzz-gen.js";

/**
 * canon writes a value as text for comparison without reading getters
 * (a body is the caller's own object, D15, and reading a getter again would
 * change it) and without failing on cycles or unreadable objects.
 */
export function canon(v, seen = new Set()) {
  switch (typeof v) {
    case "string": return JSON.stringify(v);
    case "number": return Object.is(v, -0) ? "-0" : String(v);
    case "bigint": return `${v}n`;
    case "undefined": return "undefined";
    case "boolean": return String(v);
    case "symbol": return "symbol";
    case "function": return "function";
  }
  if (v === null) return "null";
  if (seen.has(v)) return "[cycle]";
  let out;
  try {
    const proto = Object.getPrototypeOf(v);
    if (Array.isArray(v)) {
      seen.add(v);
      out = `[${v.map((x) => canon(x, seen)).join(",")}]`;
    } else if (proto === Object.prototype || proto === null) {
      seen.add(v);
      const parts = [];
      for (const k of Object.keys(v)) {
        const d = Object.getOwnPropertyDescriptor(v, k);
        parts.push(`${JSON.stringify(k)}:${d.get ? "[getter]" : canon(d.value, seen)}`);
      }
      out = `{${parts.join(",")}}`;
    } else {
      out = `<${Object.prototype.toString.call(v)}>`;
    }
  } catch {
    return "<unreadable>";
  }
  seen.delete(v);
  return out;
}

/** outcome runs fn; it returns { ok, text } or { code }, or { bad } for a throw D28 forbids. */
function outcome(EndpointError, fn) {
  let r;
  try {
    r = fn();
  } catch (e) {
    if (!(e instanceof EndpointError)) return { bad: `threw ${e && e.constructor && e.constructor.name}: ${String(e && e.message).slice(0, 200)}` };
    if (typeof e.code !== "string" || !/^ERR_[A-Z_]+$/.test(e.code)) return { bad: `EndpointError with code ${String(e.code)}` };
    if (typeof e.message !== "string" || !e.message.startsWith("endpoint: ")) return { bad: `message ${JSON.stringify(String(e.message).slice(0, 200))}` };
    return { code: e.code };
  }
  return { ok: r, text: canon(r) };
}

function crlf(r) {
  if (r === null || typeof r !== "object" || r.headers === null || typeof r.headers !== "object") return null;
  for (const k of Object.keys(r.headers)) {
    if (/[\r\n\0]/.test(k)) return `header name ${JSON.stringify(k)}`;
    const v = r.headers[k];
    if (/[\r\n\0]/.test(String(v))) return `header ${k}: ${JSON.stringify(String(v))}`;
  }
  return null;
}

/** runCase runs one spec against mod and returns the broken invariants (strings). */
export function runCase(mod, spec) {
  const { endpoint, EndpointError } = mod;
  const found = [];
  const run = (fn) => outcome(EndpointError, fn);
  // A fresh endpoint with the case's layers, for each run.
  const withLayers = () => {
    let ep = endpoint;
    for (const l of spec.layers) ep = ep.defaults(build(l));
    return ep;
  };
  let runs, extra = [], argsOf = null;
  if (spec.kind === "parse") {
    const once = () => run(() => withLayers().parse(build(spec.options)));
    runs = [["parse", once()], ["parse again", once()]];
  } else {
    const args = () => {
      const options = build(spec.options);
      return spec.route === undefined ? (options === undefined ? [] : [options]) : [spec.route, options];
    };
    argsOf = args;
    const direct = () => run(() => withLayers()(...args()));
    const viaMerge = () => run(() => {
      const ep = withLayers();
      return ep.parse(ep.merge(...args()));
    });
    // mergedThen runs first(ep), which gives merged options, then then(ep, m)
    // on those very options or, with copy, on an equal copy of them; a value
    // the test cannot copy (cyclic, a revoked Proxy, a getter that throws)
    // is the test's failure, not the engine's, and is skipped.
    const mergedThen = (copy, first, then) => {
      let uncopyable = false;
      const o = run(() => {
        const ep = withLayers();
        const m = first(ep);
        if (!copy) return then(ep, m);
        let c;
        try {
          c = copyPlain(m);
        } catch {
          uncopyable = true;
          return null;
        }
        return then(ep, c);
      });
      return uncopyable ? { skip: true } : o;
    };
    // merge() of merged options, as Octokit's hook makes it, of that very
    // result and of an equal copy: the two must agree (spec rules 1, 3).
    const mergedAgain = (copy) => mergedThen(copy, (ep) => ep.merge(...args()), (ep, m) => ep.merge(m));
    // Octokit's auth hook sets a header on merged options, which are merged
    // again and parsed: the answer must agree with merge() of a copy changed
    // the same way.
    const change = (o) => {
      if (o.headers !== null && typeof o.headers === "object") o.headers.authorization = "token fuzz";
      o.fuzz_page = 2;
      return o;
    };
    const changedAgain = (copy) => mergedThen(copy, (ep) => {
      ep.parse(ep.merge(ep.merge(...args()))); // a history before the call: it must change nothing
      return ep.merge(ep.merge(...args()));
    }, (ep, m) => ep.parse(ep.merge(change(m))));
    // Three requests whose hook sets the same header alone, then one with
    // another value: each answer is its own call's.
    const setHeader = (o, token) => {
      if (o.headers !== null && typeof o.headers === "object") o.headers.authorization = token;
      return o;
    };
    const request = (ep, token) => ep.parse(ep.merge(setHeader(ep.merge(ep.merge(...args())), token)));
    const thirdRequest = (last) => run(() => {
      const ep = withLayers();
      for (let i = 0; i < 2; i++) request(ep, "token fuzz");
      return request(ep, last);
    });
    const copyWithHeader = (token) => mergedThen(true, (ep) => ep.merge(ep.merge(...args())), (ep, m) => ep.parse(ep.merge(setHeader(m, token))));
    const parsedAgain = () => run(() => {
      const ep = withLayers();
      const m = ep.merge(...args());
      ep.parse(ep.merge(m)); // a history before the call: it must change nothing
      return ep.parse(ep.merge(ep.merge(...args())));
    });
    runs = [["endpoint", direct()], ["parse(merge)", viaMerge()], ["endpoint again", direct()]];
    extra = [["merge(merged)", mergedAgain(false)], ["merge(copy of merged)", mergedAgain(true)], ["parse(merge(merged))", parsedAgain()],
      ["parse(merge(changed merged))", changedAgain(false)], ["parse(merge(changed copy))", changedAgain(true)],
      ["the third request alike", thirdRequest("token fuzz")], ["parse(merge(copy with the header))", copyWithHeader("token fuzz")],
      ["a third request with another header", thirdRequest("token other")], ["parse(merge(copy with another header))", copyWithHeader("token other")]];
  }
  for (const [what, o] of runs) {
    if (o.bad) found.push(`${what}: ${o.bad}`);
    const h = o.ok && crlf(o.ok);
    if (h) found.push(`${what}: ${h}`);
  }
  const key = (o) => (o.bad ? `bad` : o.code ? `code ${o.code}` : o.text);
  const [first, second, third] = runs;
  // merge() hands back the caller's nested objects by reference (D15) and
  // parse() reads them again: a getter in them gives parse() its next value,
  // so a case with getters is not held to spec rule 6.
  const getters = JSON.stringify(spec).includes('"t":"get"');
  if (spec.kind === "call" && !getters && !first[1].bad && !second[1].bad && key(first[1]) !== key(second[1])) {
    found.push(`endpoint(x) and parse(merge(x)) differ: ${key(first[1]).slice(0, 300)} | ${key(second[1]).slice(0, 300)}`);
  }
  if (extra.length && !getters) {
    const [[, memo], [, copy], [, parsed], [, changed], [, changedCopy], [, alike], [, alikeCopied], [, other], [, otherCopied]] = extra;
    for (const [what, o] of extra) if (o.bad) found.push(`${what}: ${o.bad}`); // o.skip: not compared
    if (!memo.bad && !copy.bad && !copy.skip && key(memo) !== key(copy)) {
      found.push(`merge() of merged options differs from the engine's for a copy: ${key(memo).slice(0, 300)} | ${key(copy).slice(0, 300)}`);
    }
    if (!changed.bad && !changedCopy.bad && !changedCopy.skip && key(changed) !== key(changedCopy)) {
      found.push(`merge() of changed merged options differs from the engine's for a changed copy: ${key(changed).slice(0, 300)} | ${key(changedCopy).slice(0, 300)}`);
    }
    for (const [got, want] of [[alike, alikeCopied], [other, otherCopied]]) {
      if (!got.bad && !want.bad && !want.skip && key(got) !== key(want)) {
        found.push(`a third request differs from the engine's for a changed copy: ${key(got).slice(0, 300)} | ${key(want).slice(0, 300)}`);
      }
    }
    if (!parsed.bad && !first[1].bad && key(parsed) !== key(first[1])) {
      found.push(`parse(merge(merge(x))) and endpoint(x) differ: ${key(parsed).slice(0, 300)} | ${key(first[1]).slice(0, 300)}`);
    }
  }
  if (spec.kind === "call" && !getters && first[1].ok) found.push(...whereProblems(withLayers, argsOf, spec, first[1].ok));
  const again = third ?? second;
  if (key(first[1]) !== key(again[1])) found.push(`the same input twice: ${key(first[1]).slice(0, 300)} | ${key(again[1]).slice(0, 300)}`);
  // Invariant 2: the runtime still answers.
  let known;
  try {
    known = JSON.stringify(endpoint(KNOWN_ROUTE, KNOWN_OPTIONS()));
  } catch (e) {
    known = `threw ${e && e.message}`;
  }
  if (known !== JSON.stringify(knownAnswer(endpoint))) found.push(`runtime: the known call gave ${known.slice(0, 300)}`);
  return found;
}

const OPTION_KEYS = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]);

/** hasValue reports whether v expands to something in a url (D11): not null or undefined, nor a list or object of nothing else. */
function hasValue(v) {
  if (v === null || v === undefined) return false;
  if (Array.isArray(v)) return v.some((e) => e !== null && e !== undefined);
  if (typeof v === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(v))) return Object.values(v).some((e) => e !== null && e !== undefined);
  return true;
}

/** pathOf returns the path of a url or url template: after the scheme and host, up to "?" or "#". */
function pathOf(u) {
  const m = /^https?:\/\/\/*[^/?#]*/i.exec(u);
  return (m ? u.slice(m[0].length) : u).split(/[?#]/)[0];
}

/**
 * whereProblems holds a successful result r of a case's call to D31-D34
 * (invariant 9), reading the merged options for what the call gave.
 */
function whereProblems(withLayers, args, spec, r) {
  const found = [];
  let merged;
  try {
    merged = withLayers().merge(...args());
  } catch {
    return found;
  }
  // D32: no . or .. segment in the path, but those the template wrote as such
  // (a route "..", rarely generated, keeps its own).
  const tpl = typeof merged.url === "string" ? merged.url : "";
  const isDot = (seg) => /^(?:\.|%2e){1,2}$/i.test(seg);
  const dot = pathOf(tpl).split("/").some(isDot) ? undefined : pathOf(r.url).split("/").find(isDot);
  if (dot !== undefined) found.push(`D32: ${JSON.stringify(r.url)} has the path segment ${JSON.stringify(dot)}`);
  // D34: every simple expression (no operator first) standing alone between two "/" had a value.
  for (const [, colon, names] of pathOf(tpl).matchAll(/\/(?::([A-Za-z_]\w*)|\{([A-Za-z0-9_%-][A-Za-z0-9_%.,:*-]*)\})(?=\/)/g)) {
    const vars = (names ?? colon).split(",").map((n) => n.replace(/[:*].*$/, ""));
    if (!vars.some((n) => !OPTION_KEYS.has(n) && hasValue(merged[n]))) found.push(`D34: ${JSON.stringify(tpl)} built ${JSON.stringify(r.url)} without ${vars.join(",")}`);
  }
  // D33: a key[] list of scalars has a pair per element, each its String().
  if (r.method === "get" || r.method === "head") {
    for (const [k, v] of Object.entries(merged)) {
      if (!k.endsWith("[]") || !Array.isArray(v) || tpl.includes("[]")) continue;
      const want = v.filter((e) => e !== null && e !== undefined).map(String);
      let got;
      try {
        got = new URL(r.url).searchParams.getAll(k);
      } catch {
        continue;
      }
      if (JSON.stringify(got) !== JSON.stringify(want)) found.push(`D33: ${JSON.stringify(r.url)} has ${k} ${JSON.stringify(got)}, for ${JSON.stringify(want)}`);
    }
  }
  // D31: without the url option, the request goes to the same origin.
  const [route, options] = args();
  const layersURL = spec.layers.some((l) => l.t === "o" && l.v.some(([k]) => k === "url"));
  if (options && typeof options === "object" && options.url !== undefined && (typeof route === "string" || layersURL)) {
    const without = { ...options };
    delete without.url;
    let r0;
    try {
      r0 = route === undefined ? withLayers()(without) : withLayers()(route, without);
    } catch {
      return found;
    }
    const origin = (u) => {
      try {
        return new URL(u).origin;
      } catch {
        return null;
      }
    };
    if (origin(r0.url) !== null && origin(r.url) !== null && origin(r0.url) !== origin(r.url)) {
      found.push(`D31: the url option moved the request from ${JSON.stringify(r0.url)} to ${JSON.stringify(r.url)}`);
    }
  }
  return found;
}

/** kindOf names a problem without its details: results, numbers and quoted text. */
function kindOf(problem) {
  return problem.replace(/\{.*$/s, "{result}").replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\d+/g, "N").slice(0, 100);
}

/**
 * fuzz runs cases from seed on, for `count` cases or until `seconds` have
 * passed (whichever is given), and returns { executions, findings }, a
 * finding being { seed, problem, spec } for the first case of each kind of
 * problem (kindOf), so that one bug is reported once.
 */
export function fuzz(mod, { seed = 1, count = Infinity, seconds = Infinity, onFinding = () => {} }) {
  const end = performance.now() + seconds * 1000;
  const findings = new Map();
  let n = 0;
  for (; n < count && (n % 64 !== 0 || performance.now() < end); n++) {
    const s = seed + n;
    const spec = generate(s);
    for (const problem of runCase(mod, spec)) {
      const kind = kindOf(problem);
      if (findings.has(kind)) continue;
      const f = { seed: s, problem, spec };
      findings.set(kind, f);
      onFinding(f);
      if (problem.startsWith("runtime:")) return { executions: n + 1, findings: [...findings.values()], dead: true };
    }
  }
  return { executions: n, findings: [...findings.values()] };
}

/** copyPlain copies plain objects and arrays (a key "__proto__" as data); other values keep identity. */
function copyPlain(v) {
  if (Array.isArray(v)) return v.map(copyPlain);
  const proto = v !== null && typeof v === "object" ? Object.getPrototypeOf(v) : undefined;
  if (proto !== Object.prototype && proto !== null) return v;
  const c = {};
  for (const k of Object.keys(v)) Object.defineProperty(c, k, { value: copyPlain(v[k]), enumerable: true, writable: true, configurable: true });
  return c;
}
