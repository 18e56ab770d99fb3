// The page's state in its url, so that a request can be shared: the fields
// as they are typed (route, parameters, defaults and mediaType.format) in
// the hash, as a query string ("#route=GET+%2Fuser&params=..."). No DOM.

/** The fields of the state, by the ids of their inputs on the page. */
export const FIELDS = ["route", "params", "baseUrl", "headers", "previews", "format"];

const PLACEHOLDER = "token <ACCESS_TOKEN>";

/**
 * redacted returns a field's text as the page's url may carry it: the
 * address bar (history.replaceState) and Copy link both take it from here,
 * so that neither ever shows a credential someone typed (D23). JSON text
 * (parameters, headers) is parsed, and every "authorization" member (in any
 * case, however its key is spelt in the text, whatever its value but null)
 * becomes the page's placeholder, and so does the value of an access_token
 * or client_secret parameter; in every string, and in the other fields as
 * typed, a url loses its user:password@ and the value of a credential in
 * its query (access_token, client_secret). JSON text that does not parse is
 * kept only when it cannot name an authorization member; otherwise it is
 * left out ("").
 */
export function redacted(field, text) {
  if (field !== "params" && field !== "headers") return scrub(text);
  try {
    return JSON.stringify(JSON.parse(text), (k, v) => {
      if (k.toLowerCase() === "authorization" && v !== null) return PLACEHOLDER; // a string, an array, a number: any form
      if (typeof v !== "string") return v;
      return /^(access_token|client_secret)$/i.test(k) ? "[redacted]" : scrub(v);
    });
  } catch {
    return /authori|\\/i.test(text) ? "" : scrub(text);
  }
}

/**
 * scrub drops user:password@ from each http(s) url in text, wherever it
 * starts (a field the page trims may start with a space), and the value of
 * an access_token or client_secret in a query string.
 */
function scrub(text) {
  return text.replace(/(https?:[\/\\]*)[^/\\?#]*@/gi, "$1").replace(/([?&](?:access_token|client_secret)=)[^&#]*/gi, "$1[redacted]");
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
    q.set(f, redacted(f, v));
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
