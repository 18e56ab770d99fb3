// parse(merge(...)) without writing the merged options out again.
//
// @octokit/request calls endpoint.parse(endpoint.merge(route, parameters))
// for every request. The merged object is built from the text Go wrote, so
// when parse() receives it unchanged, that text is what JSON.stringify
// would write and the shim can send it back as it is. A snapshot taken at
// merge time tells whether it is unchanged: every object and array in it,
// each key in order with its value. Comparing costs a fraction of
// JSON.stringify, and any change (a key added, removed, reordered or set, a
// nested value replaced or edited, a prototype swapped) sends parse() the
// ordinary way.

const END = {}; // ends an object's keys in a snapshot

// The last merge result and what is remembered of it. One entry is enough
// for parse(merge(...)), and costs nothing to keep: a WeakMap entry per
// merge() cost more than the memo saves.
let last, lastSnap, lastWire;

/**
 * remember keeps, for the merge result m (forgetting the one before), the options text to send to
 * parse(): Go's merge output with the "headers":0 it elided replaced by
 * headersJSON. It remembers nothing when m holds a key that JavaScript
 * orders differently from the text (an array index such as "0"), or when
 * the text is not in the expected form; parse() then writes m out itself.
 */
export function remember(m, text, headersJSON) {
  // Go writes method and baseUrl first, both strings (no unescaped quote),
  // so the first `,"headers":0,` is the top-level member.
  const at = text.indexOf(',"headers":0,');
  if (at < 0 || headersJSON === undefined) return;
  const snap = [];
  if (!take(m, snap)) return;
  last = m;
  lastSnap = snap;
  lastWire = text.slice(0, at + 11) + headersJSON + text.slice(at + 12);
}

/** recall returns the text remembered for m if m is unchanged since. */
export function recall(m) {
  if (m !== last) return undefined;
  let i = 0;
  const snap = lastSnap;
  // same compares containers in the order take() listed them.
  function same(v) {
    if (snap[i++] !== v) return false;
    if (Array.isArray(v)) {
      if (snap[i++] !== v.length) return false;
      for (let j = 0; j < v.length; j++) {
        const e = v[j];
        if (snap[i++] !== e) return false;
        if (typeof e === "object" && e !== null) {
          i--;
          if (!same(e)) return false;
        }
      }
      return true;
    }
    const p = Object.getPrototypeOf(v);
    if (p !== Object.prototype && p !== null) return false;
    for (const k in v) {
      if (snap[i++] !== k) return false;
      const e = v[k];
      if (snap[i++] !== e) return false;
      if (typeof e === "object" && e !== null) {
        i--;
        if (!same(e)) return false;
      }
    }
    return snap[i++] === END;
  }
  return same(m) ? lastWire : undefined;
}

// take lists v (an object or array from JSON.parse) into snap: the
// container, then an array's length and elements, or an object's keys and
// values and END; nested containers follow their own entry. It returns
// false for a key that JavaScript orders before the others (an index).
function take(v, snap) {
  snap.push(v);
  if (Array.isArray(v)) {
    snap.push(v.length);
    for (let j = 0; j < v.length; j++) {
      const e = v[j];
      if (typeof e === "object" && e !== null) {
        if (!take(e, snap)) return false;
      } else snap.push(e);
    }
    return true;
  }
  for (const k in v) {
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57) return false; // "0".."9": maybe an index, listed first by JavaScript
    snap.push(k);
    const e = v[k];
    if (typeof e === "object" && e !== null) {
      if (!take(e, snap)) return false;
    } else snap.push(e);
  }
  snap.push(END);
  return true;
}
