// Where each parameter went, as the engine placed it. No DOM:
// js/test/demo-compare.test.js runs it in Node.
//
// The page does not apply the placement rules (spec rule 4, D13, D19)
// itself: it asks the engine. One result cannot always tell (a placeholder
// filled with null or [] leaves no trace; with data, a parameter that is not
// in the url is not sent at all), so for each key the engine builds the
// request twice more: once with the key set to a marker, once without the
// key, and the page reads where the marker went.

/** Keys that are options, not parameters (D15), and what the engine does with each. */
export const CONSUMED = {
  method: "sets the method",
  url: "sets the url template",
  baseUrl: "prefixes a path url (D8)",
  headers: "request headers (D22)",
  mediaType: "the accept header (D24, D25)",
  data: "the body, as given (D19)",
  request: "returned as result.request (D27)",
};

// How many keys are probed: each costs three builds of the whole request,
// so that probing every key of a thousand would take seconds a keystroke.
const PROBED = 200;

// Letters only, so that every encoding leaves it as it is.
const MARKER = "zqxjmarker";
const OTHER = "yzxjother"; // another first letter: a prefix {key:1} tells them apart too

/**
 * placement returns, for each key of params in order, { key, to, note,
 * template }: to is "url" (it filled a placeholder), "query", "body",
 * "option" (one of CONSUMED, note saying what it does) or "unused" (the
 * engine sent it nowhere: with data, a key the url does not use); template
 * says whether the url template uses the key (a query key from {?key} too).
 * ep(route, params) must build; a probe that throws, or a key past the
 * first PROBED, gives to: "unknown".
 */
export function placement(ep, route, params) {
  return Object.keys(params).map((key, i) => {
    if (Object.hasOwn(CONSUMED, key)) return { key, to: "option", note: CONSUMED[key], template: false };
    if (i >= PROBED) return { key, to: "unknown", note: `not asked of the engine: only the first ${PROBED} keys are`, template: false };
    try {
      return { key, ...placed(ep, route, params, key) };
    } catch {
      return { key, to: "unknown", note: "the engine could not build the request with this key changed", template: false };
    }
  });
}

/**
 * placed probes one key. The template uses it when the url changes with its
 * value even on POST, where a key the url does not use goes to the body
 * instead (so a {?key} query and an appended one tell apart). The key is
 * given another value rather than left out: a path segment in the middle of
 * the url cannot be left without one (D34).
 */
function placed(ep, route, params, key) {
  const probe = ep(route, { ...params, [key]: MARKER });
  const asPost = (o) => ep(route, { ...o, method: "POST" }).url;
  const template = asPost({ ...params, [key]: MARKER }) !== asPost({ ...params, [key]: OTHER });
  if (probe.body && typeof probe.body === "object" && probe.body[key] === MARKER) return { to: "body", note: "", template };
  // The marker, or a prefix of it ({?key:3}), under the key's name in the query.
  if (new URL(probe.url).searchParams.getAll(key).some((v) => v && MARKER.startsWith(v))) return { to: "query", note: template ? "from the url template" : "", template };
  if (template) return { to: "url", note: "", template };
  const why = Object.hasOwn(params, "data") ? "data is the body, and the url does not use this key (D19)" : "the engine sent it nowhere";
  return { to: "unused", note: why, template };
}
