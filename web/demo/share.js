// The page's state in its url, so that a request can be shared: the fields
// as they are typed (route, parameters, defaults and mediaType.format) in
// the hash, as a query string ("#route=GET+%2Fuser&params=..."). No DOM.

/** The fields of the state, by the ids of their inputs on the page. */
export const FIELDS = ["route", "params", "baseUrl", "headers", "previews", "format"];

const PLACEHOLDER = "token <ACCESS_TOKEN>";

/**
 * A member or query parameter whose name says token, secret, password or
 * credential, in any case and at any depth: GitHub's "access_token",
 * "client_secret", "vcs_password", "oidc_token", a package restore's
 * "token", a webhook config's "secret", "credentials" to revoke. The
 * catalog records no descriptions of parameters, so their names decide.
 */
const CREDENTIAL = /token|secret|password|credential/i;

/**
 * redacted returns a field's text as the page's url may carry it: the
 * address bar (history.replaceState) and Copy link both take it from here,
 * so that neither ever shows a credential someone typed (D23). JSON text
 * (parameters, headers) is parsed, and every "authorization" member (in any
 * case, however its key is spelt in the text, whatever its value but null)
 * becomes the page's placeholder; under a member named as a credential
 * (CREDENTIAL), every string and number becomes "[redacted]" (a boolean or
 * null holds none). In every string, and in the other fields as typed, a
 * url loses its user:password@ and the value of each credential in its
 * query or fragment. JSON text that does not parse is kept only when it
 * cannot name an authorization or a credential; otherwise it is left out
 * ("").
 */
export function redacted(field, text) {
  if (field !== "params" && field !== "headers") return scrub(text);
  try {
    return JSON.stringify(JSON.parse(text), (k, v) => {
      if (k.toLowerCase() === "authorization" && v !== null) return PLACEHOLDER; // a string, an array, a number: any form
      if (CREDENTIAL.test(k)) return hide(v);
      return typeof v === "string" ? scrub(v) : v;
    });
  } catch {
    return /authori|token|secret|password|credential|\\/i.test(text) ? "" : scrub(text);
  }
}

/** hide returns v with each string and number in it, at any depth, replaced by "[redacted]". */
function hide(v) {
  if (typeof v === "string" || typeof v === "number") return "[redacted]";
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(hide);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, hide(x)]));
}

/**
 * scrub drops user:password@ from each http(s) url in text, wherever it
 * starts (a field the page trims may start with a space), and replaces the
 * value of each query or fragment parameter named as a credential (its
 * name read as URLSearchParams reads it, percent-decoded) up to the next
 * "&" or "#".
 */
function scrub(text) {
  return text.replace(/(https?:[\/\\]*)[^/\\?#]*@/gi, "$1").replace(/([?&#])([^=&#?]*)=[^&#]*/g, (all, sep, name) => (CREDENTIAL.test(decodeName(name)) ? `${sep}${name}=[redacted]` : all));
}

/** decodeName returns a query parameter's name percent-decoded, or as it is when it cannot be. */
function decodeName(name) {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
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
