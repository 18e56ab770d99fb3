// The page's state in its url, so that a request can be shared: the fields
// as they are typed (route, parameters, defaults and mediaType.format) in
// the hash, as a query string ("#route=GET+%2Fuser&params=..."). No DOM.

/** The fields of the state, by the ids of their inputs on the page. */
export const FIELDS = ["route", "params", "baseUrl", "headers", "previews", "format"];

const PLACEHOLDER = "token <ACCESS_TOKEN>";

/**
 * shareable returns JSON text as a link may carry it, on one line, with the
 * value of every "authorization" member (in any case, however its key is
 * spelt in the text) replaced by the page's placeholder, so that a link,
 * and the address bar that shows it, never carries a credential someone
 * typed (D23). Text that is not JSON is kept as typed only when it cannot
 * name that member; otherwise it is left out ("").
 */
export function shareable(text) {
  try {
    return JSON.stringify(JSON.parse(text), (k, v) => (typeof v === "string" && k.toLowerCase() === "authorization" ? PLACEHOLDER : v));
  } catch {
    return /authori|\\/i.test(text) ? "" : text;
  }
}

/** withoutUserinfo drops user:password@ from a url, which a link must not carry either. */
function withoutUserinfo(url) {
  return url.replace(/^([a-z][a-z\d+.-]*:[\/\\]*)[^/\\?#]*@/i, "$1");
}

/** pretty indents valid JSON text by two spaces; any other text stays as it is. */
function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** encodeState writes the fields' values (an object by FIELDS) as the hash, without "#". */
export function encodeState(values) {
  const q = new URLSearchParams();
  for (const f of FIELDS) {
    const v = values[f] ?? "";
    q.set(f, f === "params" || f === "headers" ? shareable(v) : f === "baseUrl" ? withoutUserinfo(v) : v);
  }
  return q.toString();
}

/** decodeState reads a hash (with or without "#") back into the fields' values, or null when it holds no route. */
export function decodeState(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  if (!q.has("route")) return null;
  const values = {};
  for (const f of FIELDS) values[f] = q.get(f) ?? "";
  values.params = pretty(values.params);
  return values;
}
