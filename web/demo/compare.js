// What endpoint-wasm builds beside what @octokit/endpoint builds for the same
// input, field by field, each difference with the rules that explain it
// (detectors.js). No DOM: js/test/demo-compare.test.js runs it in Node.
import { DETECTORS, ERRORS, TYPED_ERROR } from "./detectors.js";
import { placement } from "./placement.js";

/** attempt runs fn and returns { result } or { error }. */
export function attempt(fn) {
  try {
    return { result: fn() };
  } catch (error) {
    return { error };
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * compare returns the differences between ours and theirs, two attempts
 * ({ result } or { error }) of the same call: ep(route, params) with our
 * endpoint, and the reference's. Each difference is { field, ours, theirs,
 * explanations: [{ rules, says }], explained }; none when the two agree.
 * ep, route and params let the detectors ask the engine what it merged and
 * where it placed each key; placed, when given, is placement()'s answer
 * for them, which the page has asked already.
 */
export function compare(ours, theirs, ep, route, params, placed) {
  if (ours.error || theirs.error) return [outcomeDifference(ours, theirs)].filter(Boolean);
  const ctx = context(ours.result, theirs.result, ep, route, params, placed);
  return fieldsOf(ours.result, theirs.result).flatMap((field) => {
    const a = valueOf(ours.result, field), b = valueOf(theirs.result, field);
    return same(a, b) ? [] : [explain(field, a, b, ctx)];
  });
}

/** context is what the detectors read: the two results, and the engine's merge and placement of this call. */
function context(ours, theirs, ep, route, params, placed = placement(ep, route, params)) {
  const merged = ep.merge(route, params);
  const urlKeys = new Set(placed.filter((p) => p.template).map((p) => p.key));
  return { ours, theirs, params, template: merged.url, baseUrl: merged.baseUrl, previews: merged.mediaType?.previews ?? [], urlKeys };
}

/** fieldsOf lists the fields of either result: method, url, each header, body, request. */
function fieldsOf(ours, theirs) {
  const headers = new Set([...Object.keys(ours.headers), ...Object.keys(theirs.headers)]);
  return ["method", "url", ...[...headers].map((h) => `headers.${h}`), "body", "request"];
}

function valueOf(result, field) {
  return field.startsWith("headers.") ? result.headers[field.slice(8)] : result[field];
}

/** explain runs the field's detectors in order until the reference's value, fixed, is ours. */
function explain(field, ours, theirs, ctx) {
  const name = field.startsWith("headers.") ? field.slice(8) : "";
  const explanations = [];
  let value = theirs;
  for (const d of DETECTORS) {
    if (same(value, ours)) break;
    if (d.field !== field && !(d.field === "headers.*" && name)) continue;
    const fixed = d.fix(value, ctx, name);
    if (same(fixed, value)) continue;
    explanations.push({ rules: d.rules, says: d.says });
    value = fixed;
  }
  return { field, ours, theirs, explanations, explained: same(value, ours) };
}

/** outcomeDifference explains a call that threw on one side or both. */
function outcomeDifference(ours, theirs) {
  const shown = (o) => (o.error ? { error: o.error.code ?? o.error.name, message: o.error.message } : o.result);
  const diff = { field: "outcome", ours: shown(ours), theirs: shown(theirs), explanations: [], explained: false };
  const rule = ours.error && Object.hasOwn(ERRORS, ours.error.rule) && ERRORS[ours.error.rule];
  if (!rule) return diff; // the reference threw where the engine built, or an error no rule here names
  diff.explanations = [rule, TYPED_ERROR];
  diff.explained = true;
  return diff;
}
