// parse(merge(...)) at the cost of about one call.
//
// @octokit/request calls endpoint.parse(endpoint.merge(route, parameters))
// for every request. The merged object is built from the text Go wrote, so
// when parse() receives it unchanged, the shim knows its text without
// writing it out; and once a program is seen to parse what it merges, the
// shim asks Go for both answers in the merge() call (op "b"), and parse()
// of the unchanged result needs no call at all.
//
// A snapshot taken at merge time tells whether the object is unchanged:
// every object and array in it, each key in order with its value.
// Comparing costs a fraction of JSON.stringify, and any change (a key
// added, removed, reordered or set, a nested value replaced or edited, a
// prototype swapped) sends parse() the ordinary way.

const END = {}; // ends an object's keys in a snapshot

/**
 * newMemo returns the memo of one endpoint-wasm instance: the last merge()
 * result and what is remembered of it. One entry is enough for
 * parse(merge(...)), and costs nothing to keep (a WeakMap entry per merge()
 * cost more than the memo saves).
 */
export function newMemo() {
  return {
    last: undefined, // the last merge() result remembered
    snap: undefined, // its snapshot
    text: "", // Go's output for it, "headers":0 at `at`
    at: 0,
    headersJSON: "", // the headers "headers":0 stands for
    result: undefined, // parse()'s output text from op "b", if asked for
    parsed: false, // whether parse() has taken the last result given
    pairing: false, // whether merge() asks for both answers (op "b")
  };
}

/**
 * pairing tells merge() whether to ask Go for parse()'s answer too: yes
 * while the program parses each merge() result it was given, unchanged;
 * no from the first one it does not parse, or changes first.
 */
export function pairing(memo) {
  if (!memo.parsed) memo.pairing = false;
  return memo.pairing;
}

/**
 * remember is told of every merge() result m, with text, Go's output for
 * it, or "" when the result holds host values. It keeps, forgetting the one
 * before, what parse() needs: the text (see wire) and result, parse()'s
 * output, if Go gave it. It remembers nothing when the text lists bigints after a
 * newline, when m holds a key that JavaScript orders differently from the
 * text (an array index such as "0"), or when the text is not in the
 * expected form (headers not elided); parse() then writes m out itself.
 */
export function remember(memo, m, text, headersJSON, result) {
  memo.last = undefined;
  memo.parsed = false;
  // Go writes method and baseUrl first, both strings (no unescaped quote),
  // so the first `,"headers":0,` is the top-level member.
  const at = text.indexOf(',"headers":0,');
  if (at < 0 || headersJSON === undefined || text.indexOf("\n") >= 0) return;
  const snap = [];
  if (!take(m, snap)) return;
  memo.last = m;
  memo.snap = snap;
  memo.text = text;
  memo.at = at;
  memo.headersJSON = headersJSON;
  memo.result = result;
}

/**
 * wire returns the options text of the remembered result, to send to
 * parse(): Go's merge output with the "headers":0 it elided replaced by the
 * headers. Only parse() without op "b"'s answer needs it.
 */
export function wire(memo) {
  return memo.text.slice(0, memo.at + 11) + memo.headersJSON + memo.text.slice(memo.at + 12);
}

/**
 * recall returns true if m is the remembered merge result, unchanged since;
 * memo.result or wire(memo) then gives what parse() needs. A program seen
 * to parse its merge() results unchanged gets op "b" from then on.
 */
export function recall(memo, m) {
  if (m !== memo.last) return false;
  let i = 0;
  const snap = memo.snap;
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
  memo.parsed = true;
  // Go's parse() answer is worth asking for while results come back
  // unchanged; a program that changes them before parse() would not use it.
  return (memo.pairing = same(m));
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
