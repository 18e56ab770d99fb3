// The known differences between endpoint-wasm and @octokit/endpoint (the
// reference), each made on purpose by a rule of docs/behaviour.md. A
// difference that no detector here explains is shown as an unexplained
// difference. No DOM: js/test/demo-compare.test.js runs these in Node.
//
// Chosen from docs/behaviour.md, the decisions behind it and the catalog
// test (js/test/catalog.test.js), which allows only D1 and D3 on the
// catalog's example calls; the others come from a user's own input.

/**
 * A detector explains a difference in one field of the two results:
 * "method", "url", "body", "request" or "headers.<name>" ("headers.*" for
 * any header). fix(theirs, ctx, name) returns the reference's value with the
 * rule's effect undone, or theirs unchanged when the rule is not the cause.
 * Detectors of a field run in order until the two values agree; the rules
 * of those that changed something are the ones named.
 *
 * ctx: { ours, theirs } the two results; params, the call's parameters;
 * template, baseUrl and previews as the engine's merge() gives them; urlKeys,
 * the keys the url template uses (placement.js).
 */
export const DETECTORS = [
  { field: "method", rules: ["D3"], says: "the method is lower case in the result", fix: (t) => t.toLowerCase() },
  { field: "headers.user-agent", rules: ["D1"], says: "the default user-agent names each library", fix: (t, c) => (/^endpoint-wasm\//.test(c.ours.headers["user-agent"]) ? c.ours.headers["user-agent"] : t) },
  { field: "headers.accept", rules: ["D25"], says: "previews apply on every route (the reference keeps them for /graphql), and a -preview suffix is not doubled", fix: (t, c) => (c.previews.length ? c.ours.headers.accept : t) },
  { field: "headers.*", rules: ["D22"], says: "a header set to null is not sent", fix: (t, c, name) => (t === null && !Object.hasOwn(c.ours.headers, name) ? undefined : t) },
  { field: "url", rules: ["D8"], says: "a path is joined to baseUrl with exactly one /", fix: joinOnce },
  { field: "url", rules: ["Spec rule 4"], says: "the query string goes before the url's fragment (the reference appends it to the fragment, which is not sent)", fix: queryBeforeFragment },
  { field: "url", rules: ["D9"], says: ":name is a placeholder only at the start of a path segment, and any name of a letter or _ then letters, digits or _ is one", fix: (t, c) => (legacyPlaceholder(c.template) ? c.ours.url : t) },
  { field: "url", rules: ["D11"], says: "an expression whose variables are all undefined (an empty list or object included) leaves nothing behind: no stray ?, &, ;, . or #", fix: dropEmptyExpansions },
  { field: "url", rules: ["D33"], says: "a query key ending in [] with an array is written once per element (fields%5B%5D=1&fields%5B%5D=2, the key encoded as D16 says); the reference joins the elements into one value, which GitHub reads as one", fix: splitLists },
  { field: "url", rules: ["D13"], says: "a key the url uses is not also sent in the query", fix: (t, c) => dropFromQuery(t, c) },
  { field: "url", rules: ["D11"], says: "an exploded variable ({x*}) is joined with the operator's separator", fix: (t, c) => (/\*\}/.test(c.template) ? c.ours.url : t) },
  { field: "body", rules: ["D9"], says: ":name is a placeholder only at the start of a path segment, so the key goes where the engine put it", fix: (t, c) => (legacyPlaceholder(c.template) ? c.ours.body : t) },
  { field: "body", rules: ["D13"], says: "a key the url uses is not also sent in the body", fix: (t, c) => dropFromBody(t, c) },
  { field: "headers.content-type", rules: ["D20"], says: "content-type goes with a body, and the engine built none", fix: (t, c) => (c.ours.body === undefined && c.theirs.body !== undefined ? c.ours.headers["content-type"] : t) },
];

/**
 * ERRORS says, by the rule an error carries (EndpointError's rule), what
 * the engine refuses where the reference builds a request (or throws an
 * untyped error). D28, every error an EndpointError with a code, applies to
 * all of them; an error of another rule is left unexplained.
 */
const VALUE_IN_URL = { rules: ["D11", "D12"], says: "a value the url cannot hold (a prefix on a list, an object in a list, a lone surrogate)" };
export const ERRORS = {
  D4: { rules: ["D4"], says: "the methods are GET, HEAD, POST, PUT, PATCH and DELETE; the reference sends any word" },
  D6: { rules: ["D6"], says: "a route is a method of letters and a url, two words at most" },
  D7: { rules: ["D7"], says: "a request needs a url; the reference builds one from baseUrl alone" },
  D8: { rules: ["D8"], says: "baseUrl must be an absolute http(s) url; the reference joins anything" },
  D31: { rules: ["D31"], says: "a url option replaces the route's (or the defaults') only within its origin, and a body field named url goes in data; the reference sends the request, authorization and all, to that url" },
  D29: { rules: ["D29"], says: "input nested deeper than 256 levels (or cyclic) is refused" },
  D14: { rules: ["D14"], says: "a template that cannot be parsed is an error naming the position; the reference sends it as it is" },
  D32: { rules: ["D32"], says: "a parameter may not make a . or .. path segment, which fetch resolves: the reference sends the request up the path" },
  D33: { rules: ["D33"], says: "an element of a key[] list that is a list or an object has no query-string form" },
  D16: { rules: ["D16"], says: "an object has no query-string encoding; the reference sends [object Object]" },
  D11: VALUE_IN_URL,
  D12: VALUE_IN_URL,
  D34: { rules: ["D34"], says: "a path segment in the middle of the url needs its parameter; the reference leaves the segment empty (repos//issues) and sends a misspelt key to the query" },
  D19: { rules: ["D19"], says: "data on GET or HEAD is an error; the reference moves it to the query" },
  D22: { rules: ["D22"], says: "a header name must be an HTTP token and a value holds no CR, LF or NUL" },
};

/** D28 beside the rule of the code: a typed error, where the reference builds a broken request. */
export const TYPED_ERROR = { rules: ["D28"], says: "the engine throws an EndpointError with a code instead" };

const isAbsolute = (url) => /^https?:\/\//i.test(url);

/** joinOnce rejoins a path url to baseUrl with one "/" (the reference concatenates them). */
function joinOnce(t, c) {
  if (isAbsolute(c.template) || typeof c.baseUrl !== "string" || !t.startsWith(c.baseUrl)) return t;
  return `${c.baseUrl.replace(/\/+$/, "")}/${t.slice(c.baseUrl.length).replace(/^\/+/, "")}`;
}

/** queryBeforeFragment moves what the reference appended after ours' fragment to before it. */
function queryBeforeFragment(t, c) {
  const f = t.indexOf("#"), of = c.ours.url.indexOf("#");
  if (f < 0 || of < 0) return t;
  const fragment = c.ours.url.slice(of);
  return t.startsWith(fragment, f) ? t.slice(0, f) + t.slice(f + fragment.length) + fragment : t;
}

/**
 * dropEmptyExpansions removes what the reference leaves of an expression
 * with no defined value: "name=" for an empty list or object, "?&" and "&&"
 * where a variable was missing, and a trailing ?, &, ;, . or # that ours
 * does not have.
 */
function dropEmptyExpansions(t, c) {
  let u = t;
  for (const [k, v] of Object.entries(c.params)) {
    if (v && typeof v === "object" && Object.keys(v).length === 0) u = u.replace(new RegExp(`([?&;])${escapeRe(encodeURIComponent(k))}=(?=[&#;]|$)`), "$1");
  }
  u = u.replace(/\?&+/, "?").replace(/&{2,}/g, "&").replace(/&(?=#)/, "");
  const tail = /[?&;#.]+$/.exec(u)?.[0];
  return tail && !c.ours.url.endsWith(tail) ? u.slice(0, -tail.length) : u;
}

/**
 * dropFromQuery removes from the reference's query string the pairs of the
 * keys the engine put in the url, which the reference also appended: for
 * each such key, its last pairs, until it has as many as ours.
 */
function dropFromQuery(url, c) {
  const at = url.indexOf("?");
  if (at < 0 || c.urlKeys.size === 0) return url;
  const pairs = url.slice(at + 1).split("&");
  const keyOf = (p) => decode(p.split("=")[0]);
  const oursAt = c.ours.url.indexOf("?");
  const oursKeys = oursAt < 0 ? [] : c.ours.url.slice(oursAt + 1).split("&").map(keyOf);
  for (const key of c.urlKeys) {
    let extra = pairs.filter((p) => keyOf(p) === key).length - oursKeys.filter((k) => k === key).length;
    for (let i = pairs.length - 1; i >= 0 && extra > 0; i--) if (keyOf(pairs[i]) === key) pairs.splice(i, 1), extra--;
  }
  return pairs.length ? `${url.slice(0, at)}?${pairs.join("&")}` : url.slice(0, at);
}

/**
 * splitLists puts in the reference's query, for each key[] list of the
 * call, the pairs the engine wrote for it in place of the reference's one
 * (none when the list held only null or undefined).
 */
function splitLists(url, c) {
  const keys = new Set(Object.keys(c.params).filter((k) => k.endsWith("[]") && Array.isArray(c.params[k])));
  const at = url.indexOf("?");
  if (keys.size === 0 || at < 0) return url;
  const keyOf = (p) => decode(p.split("=")[0]);
  const oursAt = c.ours.url.indexOf("?");
  const ours = oursAt < 0 ? [] : c.ours.url.slice(oursAt + 1).split("&");
  const pairs = url.slice(at + 1).split("&").flatMap((p) => (keys.has(keyOf(p)) ? ours.filter((q) => keyOf(q) === keyOf(p)) : [p]));
  return pairs.length ? `${url.slice(0, at)}?${pairs.join("&")}` : url.slice(0, at);
}

/** dropFromBody removes the keys the engine put in the url from the reference's body object; an emptied body is ours. */
function dropFromBody(body, c) {
  if (!body || typeof body !== "object" || !Object.keys(body).some((k) => c.urlKeys.has(k))) return body;
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !c.urlKeys.has(k)));
  return Object.keys(rest).length ? rest : c.ours.body;
}

/** legacyPlaceholder says whether the template holds a ":" followed by a name start, which the two libraries read differently (D9). */
const legacyPlaceholder = (template) => /:[A-Za-z_]/.test(template.replace(/^https?:\/\//i, ""));

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function decode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
