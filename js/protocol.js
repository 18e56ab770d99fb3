// The wire format, JavaScript side: the mirror of wasm/bridge/protocol.go, which
// describes every message and answer (same names, same numbers). The shim
// writes what the engine reads (keys, url and query values, headers,
// mediaType) and keeps every value in a table; the engine answers with
// handles into that table, so that a body value of any size, data and
// request come back by reference and never cross as bytes (D15, D19, D27).

import { EndpointError, invalidArgument, isEndpointError, messageOf } from "./errors.js";
import { NATIVE_TEXT, SCRATCH, textIn } from "./text.js";
import { classOf, copyPlain, isPlain, setMember } from "./values.js";

// Operations.
export const OP_ENDPOINT = 69; // "E"
export const OP_MERGE = 77; // "M"
export const OP_PARSE = 80; // "P"
export const OP_DEFAULTS = 68; // "D"
export const OP_MERGE_PARSE = 66; // "B": merge, and parse of its result, in one answer
export const OP_REMERGE = 82; // "R": merge of the last call's merged options, changed in some members
export const OP_REMERGE_PARSE = 83; // "S": remerge, and parse of its result
export const OP_MERGE_AHEAD = 65; // "A": merge, and the remerge expected next, parsed, in one answer

// Record tags.
const REC_UNDEFINED = 0, REC_NULL = 1, REC_FALSE = 2, REC_TRUE = 3, REC_NUMBER = 4, REC_BIGINT = 5,
  REC_STRING = 6, REC_ARRAY = 7, REC_OBJECT = 8, REC_HOST = 9, REC_HELD_STRING = 10, REC_HELD_ARRAY = 11,
  REC_HELD_OBJECT = 12, REC_LAYER_STRING = 13;

const NO_ROUTE = 0xffffffff;
const LOAD_FAILED = -0x80000000;

// Answer tags, the low 4 bits of a word.
const OP_REF = 0, OP_COPY = 1, OP_TEXT = 2, OP_CONST = 3, OP_OBJECT = 4, OP_ARRAY = 5, OP_NUMBER = 6, OP_BIGINT = 7, OP_BARE = 8, OP_SHAPED = 9, OP_AGAIN = 10;
const TEXT_WIDE = 0x80000000; // may not be ASCII: decoded as UTF-8 (protocol.go, textWide)

// Statuses.
const STATUS_OK = 0, STATUS_ERROR = 1, STATUS_HOST_ERROR = 2;

// The box's slots (wasm/exports.go).
const BOX_INPUT = 0, BOX_INPUT_CAP = 1, BOX_OPS = 2, BOX_OPS_LEN = 3, BOX_TEXT = 4, BOX_TEXT_LEN = 5;

/** The values answers name by index: wasm/protocol.go's constants, in order. */
export const CONSTANTS = [
  undefined, null, false, true,
  "", "application/json; charset=utf-8",
  "get", "head", "post", "put", "patch", "delete",
  "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE",
  "method", "url", "baseUrl", "headers", "mediaType", "data", "request", "body",
  "format", "previews", "accept", "user-agent", "content-type", "authorization",
];

/**
 * The runs of keys an OP_SHAPED object begins with (protocol.go, shapes):
 * the global defaults' keys and a request's, orders of the engine's
 * results. read builds such an object as a literal of those keys, which V8
 * makes with its hidden class at once; set one by one through a variable
 * name, as other keys are, each costs a lookup (about 10 ns in Node, 8-9
 * in Chromium).
 */
export const SHAPES = [
  ["method", "baseUrl", "headers", "mediaType"],
  ["method", "url", "headers"],
  ["accept", "user-agent"],
  ["format", "previews"],
];
const SHAPE_OPTIONS = 0, SHAPE_REQUEST = 1, SHAPE_HEADERS = 2, SHAPE_BITS = 2, SHAPE_MASK = (1 << SHAPE_BITS) - 1;
const NO_KEYS = [];

/**
 * shaped makes the object of shape s from the values of its keys, in
 * order: a literal for each shape, which V8 gives one hidden class however
 * the object's values were found (read, copySame).
 */
function shaped(s, a, b, c, d) {
  return s === SHAPE_OPTIONS ? { method: a, baseUrl: b, headers: c, mediaType: d }
    : s === SHAPE_REQUEST ? { method: a, url: b, headers: c }
    : s === SHAPE_HEADERS ? { accept: a, "user-agent": b }
    : { format: a, previews: b };
}

// NOT_SAME is what copySame (createWire) gives for a value that no longer
// holds what the answer wrote of it.
const NOT_SAME = Symbol("not the same");

/**
 * isObjectOf reports whether x is an object such as the answer's object of
 * tag writes (OP_OBJECT, OP_SHAPED or OP_BARE): a plain object, or for
 * OP_BARE (the JSON body) one with no prototype. same, copySame and
 * changes compare a value handed back with an answer by it.
 */
function isObjectOf(x, tag) {
  return x !== null && typeof x === "object" && Object.getPrototypeOf(x) === (tag === OP_BARE ? null : Object.prototype);
}

// HELD is the end that Writer.held notes for a plain object or array held:
// none of its content crossed.
const HELD = -2;

/** How deeply input may nest, the options object being level 1 (D29). */
export const MAX_DEPTH = 256;

// What a call writes of a parameter it may never read: a longer string, or
// an array longer or holding anything but short scalars, is held (only its
// kind crosses) and loaded if the engine must read it. Strings past 256
// characters are mostly bodies (an issue's or a comment's text), which the
// engine never reads; a url or query value that long is rare, and pays a
// load, but for a GET or HEAD route, which has no body: its strings are
// written whatever their length (Writer.options; a search q of 1,000
// characters 1.08x faster in Chromium, 1.09x in Node). At 4096, a 1 KB body
// cost twice a 64-byte one in Chromium, where text is encoded by hand (make
// bench).
const SHORT_STRING = 256, SHORT_ARRAY = 16, SHORT_MEMBER = 256;

// A header value at least this long that is one of the layer's first
// LAYER_STRINGS header values crosses as its handle there
// (REC_LAYER_STRING): headers taken from an
// earlier result and given back (the next page's, Octokit's auth hook's)
// hold the layer's user-agent and accept. Shorter ones are written: a
// lookup costs about what writing 16 characters does.
const LAYER_STRING = 16;
// At most this many of a layer's header values are looked up so (its
// first ones): each header value a call writes is compared with each of
// them. A user-agent, an accept and a token are what comes back; with
// every value of a layer of 20,000 headers, a call with as many took 4.4 s
// (D29).
const LAYER_STRINGS = 16;

/**
 * The largest message (or loaded value) the shim writes: what the engine
 * must read (keys, url and query values, headers) past 16 MiB is refused
 * before it crosses, so that no input can exhaust the engine's memory (D29).
 * Values that only travel (bodies) are never written and do not count.
 */
export const MAX_MESSAGE = 16 << 20;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// Strict, so that text holding a lone surrogate (written as WTF-8, D12)
// is decoded by hand (wtf8) rather than into U+FFFD.
const strict = new TextDecoder("utf-8", { fatal: true });

// In Node, TextEncoder.encodeInto and TextDecoder.decode are fast native
// calls. In browsers they go through the DOM bindings, which cost a few
// tenths of a microsecond a call whatever the length, and more for a view
// that starts past its buffer's start (measured in Chromium 156: encodeInto
// into a whole buffer then copied where it belongs, 0.3 µs for 32
// characters, 0.45 for 256, 0.8 for 1,000; into a view at the place, 0.4,
// 0.53, 0.86), against a loop's 1.4 ns a character (0.4 µs for 256). In
// Node the copied way takes 0.2 µs for 1,000 characters, a view at the
// place 0.7. So text is encoded by hand up to ENCODE_BY_HAND characters,
// and longer by encodeInto into the stage, then copied (Writer.wide). ASCII
// text is decoded by hand up to DECODE_BY_HAND bytes: its bytes copied into
// a plain array kept for that length, then String.fromCharCode.apply over
// it (asciiText). Measured alone in a loop, in Chromium 156: 25 ns for 8
// bytes, 37 for 16, 63 for 32, 200 for 100, 263 for 128, where
// TextDecoder.decode takes 340, 280, 210, 230 and 270, and apply over a
// view of the bytes, as before, 110, 85, 160, 330 and 390; in Node 20, 43
// ns for 16 bytes, 60 for 24 and 115 for 48, against TextDecoder's 92, 79
// and 86, and a loop adding one character at a time, 123, 201 and 392.
// Where a browser has JS String Builtins (Chromium, Firefox), the writer
// into the engine's memory writes text up to text.js's SCRATCH characters
// through them, and ASCII text read from that memory comes through them
// too: as fast as both ways above or faster at every length up to there
// (text.js). In Node the shim keeps to the native calls (text.js,
// NATIVE_TEXT).
// DECODE_BY_HAND stays within protocol.go's textScanned (128), past which
// the engine flags text TEXT_WIDE without looking whether it is ASCII: the
// shim decodes longer text with TextDecoder either way (a Go test holds
// the two together).
const ENCODE_BY_HAND = 256, DECODE_BY_HAND = NATIVE_TEXT ? 32 : 112;
const STAGE = 1 << 16;
const stage = new Uint8Array(STAGE);

/**
 * staged encodes s, well formed, as UTF-8 at the start of the stage, a
 * buffer kept for it (made for the call when s may need more than STAGE
 * bytes), and returns the bytes written.
 */
function staged(s) {
  const into = 3 * s.length <= STAGE ? stage : new Uint8Array(3 * s.length);
  return into.subarray(0, encoder.encodeInto(s, into).written);
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * inURL reports whether a route's method is GET or HEAD (in any case): its
 * parameters all go into the url, and none into a body (spec rule 4). It
 * only chooses what the shim writes: the engine reads the route itself,
 * and a route this misreads is written as any other.
 */
function inURL(route) {
  const c = route.charCodeAt(0) | 32;
  if (c === 103) return (route.charCodeAt(1) | 32) === 101 && (route.charCodeAt(2) | 32) === 116 && route.charCodeAt(3) === 32; // "get "
  if (c === 104) return (route.charCodeAt(1) | 32) === 101 && (route.charCodeAt(2) | 32) === 97 && (route.charCodeAt(3) | 32) === 100 && route.charCodeAt(4) === 32; // "head "
  return false;
}

function tooDeep() {
  return invalidArgument("options", `nested deeper than ${MAX_DEPTH} levels, or cyclic`);
}

/**
 * Writer writes a message into buf from start, up to end: for a call, Go's
 * input buffer in the module's memory itself, so that nothing is copied;
 * for a load, a buffer of its own. When the message outgrows it, more room
 * comes from grow(writer, n) (Go's ew_reserve), or the buffer doubles.
 * Every key and record it writes is pushed onto table, in order: their
 * handles are base + their index.
 */
class Writer {
  constructor(grow = null) {
    this.buf = new Uint8Array(4096);
    this.start = 0;
    this.pos = 0;
    this.end = this.buf.length;
    this.grow = grow;
    this.table = [];
    this.snap = false;
    this.track = false;
    this.ends = null;
    this.strings = null; // the call's layer's header strings (headerStrings)
    this.known = null; // those strings, while a headers object is written
    this.text = null; // textIn's functions, for a writer into the engine's memory
  }

  /**
   * begin starts a message at buf[start], with room up to end. With snap
   * (for .defaults(), whose values a layer keeps), the table gets, for each
   * plain object and array written, a copy made of the values just read,
   * never read again: a getter is read once (D2, D29). With track (a call
   * whose answer is kept), ends notes where each plain object and array
   * written in full ends in the table (see unchangedSince in createWire),
   * at its own place: ends[at] is its end (HELD for one held), so that a
   * lookup costs the same however many a message has.
   */
  begin(table, buf = this.buf, start = 0, end = buf.length, snap = false, track = false) {
    this.moveTo(buf, start, end);
    this.table = table;
    this.snap = snap;
    this.track = track;
    this.ends = null;
    this.known = null;
  }

  /** moveTo points the writer at a new buffer, at start, with room up to end; the message goes on. */
  moveTo(buf, start, end) {
    this.buf = buf;
    this.start = this.pos = start;
    this.end = end;
  }

  /** written notes, when tracking, that the plain object or array at table[self] ends at the table's end now. */
  written(self) {
    if (this.track) (this.ends ??= [])[self] = this.table.length;
  }

  /**
   * held writes the record of a plain object or array held (only its kind
   * crosses), at table[self], noting it when tracking (HELD in ends).
   */
  held(tag, self) {
    if (this.track) (this.ends ??= [])[self] = HELD;
    this.u8(tag);
  }

  /** length is the bytes written since begin. */
  get length() {
    return this.pos - this.start;
  }

  room(n) {
    if (this.pos - this.start + n > MAX_MESSAGE) {
      throw invalidArgument("options", `too large: the engine would have to read more than ${MAX_MESSAGE} bytes of them`);
    }
    if (this.pos + n <= this.end) return;
    if (this.grow) return this.grow(this, n);
    const len = this.length;
    let size = this.buf.length * 2;
    while (size < this.start + len + n) size *= 2;
    const b = new Uint8Array(size);
    b.set(this.buf.subarray(0, this.pos));
    this.moveTo(b, this.start, size);
    this.pos = this.start + len;
  }

  u8(c) {
    this.room(1);
    this.buf[this.pos++] = c;
  }

  u32(n) {
    this.room(4);
    const b = this.buf, p = this.pos;
    b[p] = n;
    b[p + 1] = n >>> 8;
    b[p + 2] = n >>> 16;
    b[p + 3] = n >>> 24;
    this.pos = p + 4;
  }

  /** str writes a u32 byte length and s as UTF-8 (WTF-8 for a lone surrogate, D12). */
  str(s) {
    const n = s.length;
    // At most 3 bytes for each UTF-16 unit; a long string all ASCII is
    // measured exactly, so that the limit counts what is really written.
    this.room(4 + (n > 65536 && ASCII.test(s) ? n : 3 * n));
    const b = this.buf, start = this.pos;
    let p = start + 4, i = 0;
    if (this.text !== null && n <= SCRATCH) {
      const k = this.text.write(s, p);
      i = k < 0 ? -1 - k : n;
      p += i;
    } else if (n <= ENCODE_BY_HAND) {
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c > 127) break;
        b[p++] = c;
      }
    }
    if (i < n) p = this.wide(s, i, p);
    const len = p - start - 4;
    b[start] = len;
    b[start + 1] = len >>> 8;
    b[start + 2] = len >>> 16;
    b[start + 3] = len >>> 24;
    this.pos = p;
  }

  // wide writes s from index i at p: with encodeInto when it is well formed
  // (in browsers, only when it is long), else by hand, a lone surrogate as
  // its 3-byte WTF-8 form, which the engine refuses where it would reach a
  // url (D12).
  wide(s, i, p) {
    const rest = i === 0 ? s : s.slice(i);
    if ((NATIVE_TEXT || rest.length > ENCODE_BY_HAND) && (rest.isWellFormed === undefined || rest.isWellFormed())) {
      const bytes = staged(rest);
      this.buf.set(bytes, p);
      return p + bytes.length;
    }
    const b = this.buf;
    for (let j = 0; j < rest.length; j++) {
      let c = rest.charCodeAt(j);
      if (c >= 0xd800 && c <= 0xdbff && j + 1 < rest.length) {
        const d = rest.charCodeAt(j + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          j++;
        }
      }
      if (c < 0x80) b[p++] = c;
      else if (c < 0x800) { b[p++] = 0xc0 | (c >> 6); b[p++] = 0x80 | (c & 63); }
      else if (c < 0x10000) { b[p++] = 0xe0 | (c >> 12); b[p++] = 0x80 | ((c >> 6) & 63); b[p++] = 0x80 | (c & 63); }
      else { b[p++] = 0xf0 | (c >> 18); b[p++] = 0x80 | ((c >> 12) & 63); b[p++] = 0x80 | ((c >> 6) & 63); b[p++] = 0x80 | (c & 63); }
    }
    return p;
  }

  /**
   * value writes a record for v at depth (the options object is 1). In full,
   * everything is written; otherwise a long string, an array that is not a
   * few short scalars, and a plain object are held: only their kind
   * crosses, and the engine loads them where it must read them.
   */
  value(v, depth, full) {
    const at = this.table.length;
    this.table.push(v);
    switch (typeof v) {
      case "string": {
        if (!full && v.length > SHORT_STRING) return this.u8(REC_HELD_STRING);
        const h = this.known !== null && v.length >= LAYER_STRING ? handleIn(this.known, v) : -1;
        if (h >= 0) {
          this.u8(REC_LAYER_STRING);
          return this.u32(h);
        }
        this.u8(REC_STRING);
        return this.str(v);
      }
      case "number":
        return this.number("" + v); // D12: JavaScript's own String(n)
      case "boolean":
        return this.u8(v ? REC_TRUE : REC_FALSE);
      case "bigint":
        this.u8(REC_BIGINT);
        return this.str(v.toString());
      case "undefined":
        return this.u8(REC_UNDEFINED);
      case "object":
        if (v === null) return this.u8(REC_NULL);
        if (Array.isArray(v)) return this.array(v, depth, full, at);
        if (isPlain(v)) {
          if (!full) return this.held(REC_HELD_OBJECT, at);
          return this.object(v, depth, full, at);
        }
    }
    this.u8(REC_HOST);
    this.u8(classOf(v)); // functions, symbols, class instances, Blobs... (D19, D20)
  }

  number(text) {
    this.room(2 + text.length);
    this.buf[this.pos++] = REC_NUMBER;
    this.buf[this.pos++] = text.length;
    for (let i = 0; i < text.length; i++) this.buf[this.pos++] = text.charCodeAt(i);
  }

  array(a, depth, full, self) {
    if (depth > MAX_DEPTH) throw tooDeep();
    const n = a.length;
    if (!full && n > SHORT_ARRAY) return this.held(REC_HELD_ARRAY, self);
    const at = this.length, mark = this.table.length;
    this.u8(REC_ARRAY);
    this.u32(n);
    const copy = this.snap ? new Array(n) : null;
    for (let i = 0; i < n; i++) {
      const e = a[i];
      if (!full && (typeof e === "object" && e !== null || typeof e === "string" && e.length > SHORT_MEMBER)) {
        // Not a few short scalars: held after all.
        this.pos = this.start + at;
        this.table.length = mark;
        return this.held(REC_HELD_ARRAY, self);
      }
      const ei = this.table.length;
      this.value(e, depth + 1, full);
      if (copy) copy[i] = this.table[ei];
    }
    if (copy) this.table[self] = copy;
    else this.written(self);
  }

  /** object writes a plain object's defined members (D15). */
  object(o, depth, full, self) {
    if (depth > MAX_DEPTH) throw tooDeep();
    this.u8(REC_OBJECT);
    const at = this.length;
    this.u32(0);
    let n = 0;
    const keys = Object.keys(o);
    const copy = this.snap ? {} : null;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i], v = o[k];
      if (v === undefined) continue;
      n++;
      this.str(k);
      this.table.push(k);
      const vi = this.table.length;
      this.value(v, depth + 1, full);
      if (copy) setMember(copy, k, this.table[vi]);
    }
    this.patch(at, n);
    if (copy) this.table[self] = copy;
    else this.written(self);
  }

  /** patch writes n at offset at of the message (a count written as 0 first). */
  patch(at, n) {
    const b = this.buf;
    at += this.start;
    b[at] = n;
    b[at + 1] = n >>> 8;
    b[at + 2] = n >>> 16;
    b[at + 3] = n >>> 24;
  }

  /**
   * options writes a call's options: headers and mediaType in full (the
   * engine reads all of them), data as a host value (D19: the body as
   * given), and the keys in merged (the layer's plain objects, which a plain
   * object of the call merges with, D21) in full. With inURL (a GET or HEAD
   * route, whose parameters all go into the url: none is a body's), strings
   * of any length are written, not held: the engine would load each.
   */
  options(o, merged, full, inURL = false) {
    this.table.push(o);
    this.u8(REC_OBJECT);
    const at = this.length;
    this.u32(0);
    let n = 0;
    const keys = Object.keys(o);
    // A method among the options wins over the route's (D6): a
    // POST's body strings stay held.
    const inline = inURL && !keys.includes("method");
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i], v = o[k];
      if (v === undefined) continue; // D15
      n++;
      this.member(k, v, merged, full || inline && typeof v === "string");
    }
    this.patch(at, n);
  }

  /** changes writes the members of a remerge, a list [key, value, ...] (none undefined), as options() writes options. */
  changes(list, merged) {
    this.table.push(null); // the options record: no value of the caller's
    this.u8(REC_OBJECT);
    this.u32(list.length / 2);
    for (let i = 0; i < list.length; i += 2) this.member(list[i], list[i + 1], merged, false);
  }

  /**
   * added writes the header members an OP_MERGE_AHEAD sets on the merged
   * headers, a list [name, value, ...] of strings, as an object record.
   */
  added(list) {
    this.table.push(null); // the record: no value of the caller's
    this.u8(REC_OBJECT);
    this.u32(list.length / 2);
    for (let i = 0; i < list.length; i += 2) {
      this.str(list[i]);
      this.table.push(list[i]);
      this.value(list[i + 1], 2, true);
    }
  }

  /**
   * addedAgain stands for the header members the last OP_MERGE_AHEAD wrote
   * out, which the engine keeps: a recNull, and the same entries in the
   * table, as if written.
   */
  addedAgain(list) {
    this.table.push(null);
    this.u8(REC_NULL);
    for (let i = 0; i < list.length; i++) this.table.push(list[i]);
  }

  /** member writes one member of the options: its key, then its value. */
  member(k, v, merged, full) {
    this.str(k);
    this.table.push(k);
    if (k === "data" && v !== null) {
      this.table.push(v);
      this.u8(REC_HOST);
      this.u8(classOf(v));
    } else if (k === "headers") {
      this.known = this.strings; // begin() clears it too, should value() throw
      this.value(v, 2, true);
      this.known = null;
    } else {
      this.value(v, 2, full || k === "mediaType" || merged.has(k));
    }
  }
}

/**
 * wtf8 decodes UTF-8 in which a lone surrogate may stand as its own 3-byte
 * form (WTF-8): the text the engine gives back of a string that held one.
 */
function wtf8(b) {
  let s = "";
  for (let i = 0; i < b.length;) {
    const c = b[i];
    if (c < 0x80) {
      s += String.fromCharCode(c);
      i += 1;
    } else if (c < 0xe0) {
      s += String.fromCharCode(((c & 0x1f) << 6) | (b[i + 1] & 0x3f));
      i += 2;
    } else if (c < 0xf0) {
      s += String.fromCharCode(((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f));
      i += 3;
    } else {
      s += String.fromCodePoint(((c & 0x07) << 18) | ((b[i + 1] & 0x3f) << 12) | ((b[i + 2] & 0x3f) << 6) | (b[i + 3] & 0x3f));
      i += 4;
    }
  }
  return s;
}

// codesOfLength[n] is an array of n numbers, filled anew by each asciiText
// of n bytes: a plain array of small integers, which
// String.fromCharCode.apply reads far faster than a typed array's view (no
// view to make, and a fast path for its elements).
const codesOfLength = [];

/** asciiText returns the string of the n bytes of ASCII text at b[start]. */
function asciiText(b, start, n) {
  const codes = (codesOfLength[n] ??= new Array(n).fill(0));
  for (let i = 0; i < n; i++) codes[i] = b[start + i];
  return String.fromCharCode.apply(null, codes);
}

/**
 * handleIn returns the handle of s in a list of a layer's header strings
 * (headerStrings), or -1. A list compared with ===, not a Map: hashing the
 * strings looked up made every later call in Chromium a quarter slower
 * (make bench, long url values 0.80x -> 0.59x), as if V8 then stored them
 * otherwise.
 */
function handleIn(list, s) {
  for (let i = 0; i < list.length; i += 2) if (list[i] === s) return list[i + 1];
  return -1;
}

/**
 * EngineStopped is thrown when the engine itself fails (a trap, or Go's
 * runtime ending on a fatal error), not the input: the instance is of no
 * further use (D29).
 */
export class EngineStopped extends Error {
  constructor(cause) {
    super(`the WebAssembly engine stopped: ${messageOf(cause)}`, { cause });
  }
}

/**
 * createWire returns the calls into one instance of endpoint.wasm, over
 * its exports, and the load function its import object must answer with.
 * A layer is { id, size, table, merged, strings }: its id in Go, its table
 * of values (size long), the keys where it holds a plain object (D21), and
 * its long header values with their handles (headerStrings); shim.js adds
 * its options and its Go layer's place in the clock.
 *
 * An answer can be kept ({ ops, text, vals, layer, at, parseAt, ahead };
 * the last one returned stays valid, keepAnswer): replay builds its value
 * again, fresh objects with the same values, without a call; changes
 * tells, without building anything, which members of a value are no longer
 * what the answer describes (shim.js keeps the last merge() so). at is the
 * word its value starts at, parseAt its parse's (-1: none); ahead, for an
 * OP_MERGE_AHEAD, is the view of the same answer at the remerge answered
 * ahead (or null).
 */
export function createWire(exports) {
  const { ew_box, ew_reserve, ew_call, mem } = exports;
  // Views of the module's memory. When the memory grows, its old buffer is
  // detached and views of it read as empty: an empty view is made again.
  // Reading its length costs a load; reading mem.buffer, a call, which
  // every call into the engine made twice.
  let u8 = new Uint8Array(0), u32 = new Uint32Array(0);
  const views = () => {
    if (u8.length === 0) {
      u8 = new Uint8Array(mem.buffer);
      u32 = new Uint32Array(mem.buffer);
    }
  };
  const box = ew_box() >>> 2;
  // The message is written into Go's input buffer; when it outgrows it, Go
  // makes a larger one (which may grow the memory) and what was written is
  // moved there.
  const w = new Writer((wr, n) => {
    const len = wr.length;
    const written = wr.buf.slice(wr.start, wr.pos);
    ew_reserve(2 * (len + n));
    views();
    const at = u32[box + BOX_INPUT];
    u8.set(written, at);
    wr.moveTo(u8, at, at + u32[box + BOX_INPUT_CAP]);
    wr.pos = at + len;
  });
  w.text = textIn(mem); // null in Node (NATIVE_TEXT)
  const lw = new Writer(); // for loads, during a call

  // The call under way: its layer and values, and what a load kept. calls
  // counts the calls made, as the bridge does: a kept answer knows its
  // call's number, and a remerge names it.
  let layer = null, vals = null, hostError = null, loaded = -1, calls = 0, busy = false;
  // The values of the call that the engine loaded: callLoads[i] is true for
  // vals[i] (null when none): their content crossed, and a kept answer
  // depends on it.
  let callLoads = null;
  // The message of the last OP_DEFAULTS (lastMsg, a buffer used again), and,
  // once the same message came twice in a row, what Go answered, kept while
  // its layer lives (forget): the layer's id, the handles its table was made
  // of, and the words and text of its options. A new layer whose message is
  // the same bytes (same parent, same options; only values passed by
  // reference, such as a hook function, may differ) is that layer again for
  // Go, and is made here, without a call: a program making a client for each
  // request makes the same .defaults() each time (issue 9). Layers that
  // differ, such as one with its own token each, pay only the copy of their
  // message.
  let lastMsg = new Uint8Array(256), lastWords = new Uint32Array(lastMsg.buffer), lastLen = -1, again = null;
  const self = {}; // this wire, as a kept answer remembers it
  // The answer being read: its words and text (the module's memory, or a
  // kept answer's copies), and where; for a kept answer, where each plain
  // object and array written in full ends in its table (Writer.written),
  // and the strings already decoded from its text, by offset (a kept
  // answer is read again and compared, and its strings, such as a route's
  // url, are decoded once).
  let W = null, T = null, p = 0, textAt = 0, ends = null, loads = null, texts = null;
  // The answer's first word, from which an OP_AGAIN counts (0 in a kept
  // answer's copy).
  let first = 0;
  // The header members the engine keeps for OP_MERGE_AHEAD (Writer.addedAgain).
  let heldAdded = null;

  function resolve(h) {
    return h < layer.size ? layer.table[h] : vals[h - layer.size];
  }

  /** load answers the engine's request for a held value (protocol.go). */
  function load(h, ptr, cap) {
    try {
      if (loaded !== h) {
        if (h >= layer.size) (callLoads ??= [])[h - layer.size] = true;
        lw.begin([]);
        lw.u32(layer.size + vals.length); // the handles of its members start here
        lw.value(resolve(h), 2, true);
        for (let i = 1; i < lw.table.length; i++) vals.push(lw.table[i]);
        loaded = h;
      }
      if (lw.length > cap) return -lw.length;
      views();
      u8.set(lw.buf.subarray(0, lw.length), ptr >>> 0);
      return lw.length;
    } catch (e) {
      hostError = e;
      return LOAD_FAILED;
    }
  }

  /**
   * call sends one message and returns the value of its answer. route is a
   * string or undefined, options a plain object or null; full writes every
   * value (for defaults, whose values Go keeps). For OP_DEFAULTS it returns
   * the new layer's id, its table, its options and its header strings. With
   * keep, the answer is kept and returned as { value, kept }. With over (a
   * kept answer of the last call, isLast), the call is a remerge of its
   * merged options and options is the list of changed members (changes).
   * For OP_MERGE_AHEAD, added is the list [name, value, ...] of the header
   * members the remerge answered ahead sets (shim.js, hints).
   */
  function call(op, on, route, options, full, keep, over = null, added = null) {
    enter();
    // A remerge's handles go on from its merge's (protocol.go, opRemerge),
    // and so do its loads.
    vals = over === null ? [] : over.vals.slice();
    callLoads = over === null || over.loads === null ? null : over.loads.slice();
    layer = on;
    try {
      views();
      const at = u32[box + BOX_INPUT];
      w.begin(vals, u8, at, at + u32[box + BOX_INPUT_CAP], op === OP_DEFAULTS, keep);
      w.strings = on.strings;
      if (over !== null && over.ends !== null) w.ends = over.ends.slice();
      w.u8(op);
      w.u32(on.id);
      w.u32(on.size + vals.length);
      if (over !== null) {
        w.u32(over.call);
        w.changes(options, on.merged);
      } else {
        if (route === undefined) w.u32(NO_ROUTE);
        else w.str(route);
        if (options === null) {
          vals.push(null);
          w.u8(REC_NULL);
        } else {
          w.options(options, on.merged, full, route !== undefined && inURL(route));
        }
        if (op === OP_MERGE_AHEAD && added === heldAdded) w.addedAgain(added);
        else if (op === OP_MERGE_AHEAD) {
          heldAdded = null; // until the engine has taken them
          w.added(added);
        }
      }
      loaded = -1;
      // An OP_DEFAULTS message is written in full (full: Go keeps every
      // value), so Go loads nothing while it makes the layer, and the same
      // bytes make the same layer.
      let repeat = false; // an OP_DEFAULTS message that is the last one again
      if (op === OP_DEFAULTS && full) {
        repeat = sameMessage(w.start, w.length);
        if (repeat && again !== null) return layerAgain();
        if (!repeat) keepMessage(w.start, w.length);
      }
      let status;
      calls++;
      try {
        status = ew_call(w.length);
      } catch (e) {
        throw new EngineStopped(e);
      }
      views();
      W = u32, T = u8, p = first = u32[box + BOX_OPS] >>> 2, textAt = u32[box + BOX_TEXT];
      if (status === STATUS_ERROR) throw readError();
      if (op === OP_MERGE_AHEAD && status === STATUS_OK) heldAdded = added;
      if (status === STATUS_HOST_ERROR) {
        const e = hostError;
        throw isEndpointError(e) ? e : invalidArgument("options", `a value could not be read: ${messageOf(e)}`);
      }
      if (op === OP_DEFAULTS) return newLayer(repeat);
      if (!keep) return read();
      // Copies of the answer, kept with the values its handles name.
      const start = p;
      const kept = keepAnswer(start, u32[box + BOX_OPS_LEN], u32[box + BOX_TEXT_LEN], on, w.ends, op);
      texts = kept.texts;
      const value = read();
      if (op === OP_MERGE_PARSE || op === OP_REMERGE_PARSE) kept.parseAt = p - start;
      else if (op === OP_MERGE_AHEAD && W[p++] === 1) {
        // The remerge answered ahead: a view of the same answer from its
        // word, which no remerge can follow (isLast).
        const at = p - start;
        skip();
        kept.ahead = { ...kept, at, parseAt: p - start, op: OP_REMERGE_PARSE };
      }
      turn ^= 1; // the answer is whole: the next one goes into the other pair
      return { value, kept };
    } finally {
      layer = vals = hostError = ends = texts = callLoads = null; // keep no value of the call alive
      loaded = -1;
      busy = false;
    }
  }

  // busy is set while a call is made or a kept answer is read (changes,
  // replay): a getter of the options that calls the endpoint then
  // would write over the message, enter Go while it answers a load, or make
  // the answer being read another's. It is refused.
  function enter() {
    if (busy) throw invalidArgument("options", "reading them called the endpoint again (a getter?): calls cannot nest");
    busy = true;
  }

  /**
   * isLast reports whether a kept answer is of the last call on this wire,
   * a merge (not a remerge, protocol.go): the bridge still holds its merged
   * options, which a remerge changes.
   */
  function isLast(kept) {
    const op = kept.op;
    return kept.wire === self && kept.call === calls && (op === OP_MERGE || op === OP_MERGE_PARSE || op === OP_MERGE_AHEAD);
  }

  // newLayer reads the answer of OP_DEFAULTS: a new layer's table holds the
  // values its options name, by the handles they had (the old layer's, or
  // this call's, whose plain objects and arrays are the snapshots the
  // writer made, so that the caller's later changes do not reach the layer,
  // D2); its options are read against that table.
  // Its answer is kept for layerAgain when its message came twice in a row
  // (repeat).
  function newLayer(repeat) {
    const id = W[p++], size = W[p++];
    const handles = repeat ? W.slice(p, p + size) : null;
    const table = new Array(size);
    for (let i = 0; i < size; i++) table[i] = resolve(W[p++]);
    layer = { size, table };
    const start = p;
    const options = read();
    const end = p;
    p = start;
    const strings = headerStrings();
    again = repeat ? { id, handles, ops: W.slice(start, end), text: T.slice(textAt, textAt + u32[box + BOX_TEXT_LEN]) } : null;
    return { id, table, options, strings, answer: null };
  }

  /**
   * layerAgain makes the answer of an OP_DEFAULTS whose message is the last
   * one's (again) without calling Go: the same layer, its table made of the
   * same handles, which name this call's values. Its options are read when
   * first asked for (options), from the kept answer, which it gives as
   * answer; its header strings and plain-object keys are the last layer's
   * (shim.js, layerOf).
   */
  function layerAgain() {
    const { id, handles, ops, text } = again;
    const table = new Array(handles.length);
    for (let i = 0; i < handles.length; i++) table[i] = resolve(handles[i]);
    return { id, table, options: null, strings: null, answer: { ops, text, layer: { size: handles.length, table }, vals: null, ends: null, loads: null, texts: null } };
  }

  /**
   * options reads the options of a layer made again from its answer
   * (layerAgain). It may be asked for during a call (a getter reading
   * DEFAULTS), so it keeps the reader's place and gives it back.
   */
  function options(answer) {
    const saved = [W, T, p, textAt, layer, vals, ends, loads, texts, first];
    point(answer, 0);
    try {
      return read();
    } finally {
      [W, T, p, textAt, layer, vals, ends, loads, texts, first] = saved;
    }
  }

  /** sameMessage reports whether the n bytes at at are the last OP_DEFAULTS message. */
  function sameMessage(at, n) {
    if (lastLen !== n) return false;
    // Four bytes at a time where the message starts on a word (Go's buffer
    // does), in locals: a message is a few hundred bytes, compared for each
    // .defaults() (a new client for each request makes one each time).
    const a = u8, b = lastMsg;
    let i = 0;
    if ((at & 3) === 0) {
      const a32 = u32, b32 = lastWords, w = at >>> 2;
      for (; i + 4 <= n; i += 4) if (a32[w + (i >>> 2)] !== b32[i >>> 2]) return false;
    }
    for (; i < n; i++) if (a[at + i] !== b[i]) return false;
    return true;
  }

  /** keepMessage copies the n bytes at at as the last OP_DEFAULTS message; what Go answered to the one before is let go. */
  function keepMessage(at, n) {
    if (lastMsg.length < n) {
      lastMsg = new Uint8Array(4 * Math.ceil(n / 2)); // a whole number of words
      lastWords = new Uint32Array(lastMsg.buffer);
    }
    lastMsg.set(u8.subarray(at, at + n));
    lastLen = n;
    again = null;
  }

  /** forget tells the wire that Go no longer holds layer id (shim.js, the clock). */
  function forget(id) {
    if (again !== null && again.id === id) again = null;
  }

  /**
   * headerStrings reads the options of a new layer's answer again, from p,
   * for the string values of their headers, LAYER_STRING long or more, and
   * returns the first LAYER_STRINGS of them with their handles as pairs
   * [string, handle, ...]: the strings a call's headers may give back
   * (Writer.member). Only header values, and only so many, so that a
   * lookup costs the same however many values the layer holds.
   */
  function headerStrings() {
    const list = [];
    const ow = W[p++], n = memberCount(ow), keys = shapeKeys(ow); // the options: an object
    for (let i = 0; i < n; i++) {
      const k = keyOf(i, keys), tag = W[p] & 15;
      if (k !== "headers" || tag !== OP_OBJECT && tag !== OP_SHAPED) {
        skip();
        continue;
      }
      const hw = W[p++], m = memberCount(hw), named = shapeKeys(hw).length;
      for (let j = 0; j < m; j++) {
        if (j >= named) skip(); // the name
        const wd = W[p], v = (wd & 15) === OP_REF ? resolve(wd >>> 4) : undefined;
        if (typeof v === "string" && v.length >= LAYER_STRING && list.length < 2 * LAYER_STRINGS && handleIn(list, v) < 0) list.push(v, wd >>> 4);
        skip();
      }
    }
    return list;
  }

  function readError() {
    const code = read(), field = read(), message = read();
    return new EndpointError(code, message, field);
  }

  // The copies of kept answers, in two pairs of buffers used in turn: the
  // last answer returned stays valid while the next is copied (shim.js
  // keeps the last one); an answer that fails to read does not take a turn.
  // A new ArrayBuffer for each (TypedArray.slice) cost more than the copy.
  const keptOps = [new Uint32Array(256), new Uint32Array(256)];
  const keptText = [new Uint8Array(1024), new Uint8Array(1024)];
  let turn = 0; // the pair the next answer is copied into

  /**
   * keepAnswer copies the answer at word start (n words, tn bytes of text)
   * into this turn's pair of buffers, kept with the call's layer, values,
   * ends, operation and number.
   */
  function keepAnswer(start, n, tn, on, ends, op) {
    if (keptOps[turn].length < n) keptOps[turn] = new Uint32Array(2 * n);
    if (keptText[turn].length < tn) keptText[turn] = new Uint8Array(2 * tn);
    const ops = keptOps[turn], text = keptText[turn];
    if (n > 64) ops.set(u32.subarray(start, start + n));
    else for (let i = 0; i < n; i++) ops[i] = u32[start + i];
    if (tn > 256) text.set(u8.subarray(textAt, textAt + tn));
    else for (let i = 0; i < tn; i++) text[i] = u8[textAt + i];
    return { ops, text, vals, layer: on, at: 0, parseAt: -1, ahead: null, ends, loads: callLoads, op, wire: self, call: calls, texts: [] };
  }

  /** over points the reader at a kept answer, at word at, for a reading that ends with done(). */
  function over(kept, at) {
    enter();
    point(kept, at);
  }

  /** point sets the reader at word at of a kept answer: its words, text, layer and values. */
  function point(kept, at) {
    W = kept.ops, T = kept.text, p = at, textAt = 0, first = 0;
    layer = kept.layer;
    vals = kept.vals;
    ends = kept.ends;
    loads = kept.loads;
    texts = kept.texts;
  }

  /** done ends the reading of a kept answer that over() began. */
  function done() {
    layer = vals = ends = loads = texts = null;
    busy = false;
  }

  /** replay builds the value of a kept answer again. */
  function replay(kept) {
    return walk(kept, read);
  }

  /** walk runs f(x) over a kept answer, the reader at its value. */
  function walk(kept, f, x) {
    return walkAt(kept, kept.at, f, x);
  }

  /** walkAt runs f(x) over a kept answer, the reader at word at (over, done). */
  function walkAt(kept, at, f, x) {
    over(kept, at);
    try {
      return f(x);
    } finally {
      done();
    }
  }

  /**
   * replayParse builds the parse() part of a kept OP_MERGE_PARSE answer, or
   * throws its error; it returns undefined when the answer has none.
   */
  function replayParse(kept) {
    return kept.parseAt < 0 ? undefined : walkAt(kept, kept.parseAt, parsed);
  }

  /** parsed reads the parse part of an answer at p: its result, or throws its error. */
  function parsed() {
    if (W[p++] === 0) throw readError();
    return read();
  }

  /**
   * changes compares x, a plain object, with the merged options of a kept
   * answer, member by member: it returns the members of x that differ (a
   * list [key, value, ...], the new ones last), an empty list when x is
   * still exactly what the answer describes, or null when x is not those
   * options with some members changed: a key left out, set to undefined or
   * moved, or another prototype. Each member of x is read once. A member is
   * unchanged when it has the same plain objects and arrays (prototype,
   * keys in order, length), the same strings and numbers, and the very
   * values named by handle; a plain object or array named by handle (the
   * caller's own, passed through, as mediaType.previews in a merge of merged
   * options) only if it still holds what was written of it: the engine read
   * that, and the caller may have changed it since (unchangedSince).
   */
  function changes(kept, x) {
    return walk(kept, changedMembers, x);
  }

  /**
   * changedMembers compares x with the object of the answer at p, as
   * changes describes, and moves past it (or returns null part way).
   */
  function changedMembers(x) {
    const wd = W[p++];
    if ((wd & 15) !== OP_OBJECT && (wd & 15) !== OP_SHAPED || !isObjectOf(x, wd & 15)) return null;
    const n = memberCount(wd), shaped = shapeKeys(wd), keys = Object.keys(x), list = [];
    if (keys.length < n) return null;
    for (let i = 0; i < n; i++) {
      const k = keys[i], v = x[k];
      if (k !== keyOf(i, shaped) || v === undefined) return null;
      const at = p;
      if (!same(v)) {
        p = at;
        skip();
        list.push(k, v);
      }
    }
    for (let i = n; i < keys.length; i++) {
      const v = x[keys[i]];
      if (v !== undefined) list.push(keys[i], v); // D15
    }
    return list;
  }

  /**
   * unchanged reports whether x is still exactly the merged options of a
   * kept answer, as changes would find them (an empty list), stopping at the
   * first difference and making nothing (same).
   */
  function unchanged(kept, x) {
    return walk(kept, same, x);
  }

  /**
   * replayUnchanged is unchanged, then replay, in one reading: the value of
   * a kept answer built again when x, the merged options the program
   * handed back, is still exactly what that answer describes; else
   * undefined (an answer's value is never undefined). The walk that checks
   * x and the reading that builds its copy go through the answer's words
   * together, so each word is decoded once, and x's members, already read
   * for the check, are the copy's: the same strings and handles (same),
   * plain objects and arrays built anew as read builds them.
   */
  function replayUnchanged(kept, x) {
    const v = walk(kept, copySame, x);
    return v === NOT_SAME ? undefined : v;
  }

  /**
   * copySame is same(x) that returns what read() would build of the value
   * at p, rather than true; NOT_SAME rather than false.
   */
  function copySame(x) {
    const wd = W[p], tag = wd & 15;
    switch (tag) {
      case OP_OBJECT:
      case OP_BARE:
      case OP_SHAPED:
        p++;
        return copySameObject(x, wd, tag);
      case OP_ARRAY: {
        p++;
        const n = wd >>> 4;
        if (!Array.isArray(x) || x.length !== n) return NOT_SAME;
        const a = new Array(n);
        for (let i = 0; i < n; i++) if ((a[i] = copySame(x[i])) === NOT_SAME) return NOT_SAME;
        return a;
      }
      case OP_AGAIN:
        p++;
        return fromWord(wd >>> 4, copySame, x);
    }
    // A string, number, constant or handle: x itself, when it is that.
    return same(x) ? x : NOT_SAME;
  }

  /**
   * copySameObject is copySame of the object of word wd: a shape's keys
   * make a literal of the shape, as read() makes it, so that both give
   * objects of one hidden class in V8.
   */
  function copySameObject(x, wd, tag) {
    if (!isObjectOf(x, tag)) return NOT_SAME;
    const keys = shapeKeys(wd), n = memberCount(wd), s = (wd >>> 4) & SHAPE_MASK;
    let o = tag === OP_OBJECT ? {} : tag === OP_BARE ? Object.create(null) : null;
    let a, b, c, i = 0; // the first values of a shape, until its literal is made
    for (const k in x) {
      if (i === n || k !== keyOf(i, keys)) return NOT_SAME;
      const v = copySame(x[k]);
      if (v === NOT_SAME) return NOT_SAME;
      if (o !== null) setMember(o, k, v);
      else if (i === keys.length - 1) o = i === 3 ? shaped(s, a, b, c, v) : i === 2 ? shaped(s, a, b, v) : shaped(s, a, v);
      else if (i === 0) a = v;
      else if (i === 1) b = v;
      else c = v;
      i++;
    }
    return i === n ? o : NOT_SAME;
  }

  /**
   * headersSet returns, for h, the headers of x where x is the merged
   * options of a kept answer with some members changed, the members of h
   * that differ from the answer's headers, new or changed, as changes
   * finds them (a list [name, value, ...]), when they are all strings; else
   * null. They are what the program set on the merged headers (Octokit's
   * auth hook sets authorization), which an OP_MERGE_AHEAD can set on its
   * next merge's (shim.js, learn).
   */
  function headersSet(kept, h) {
    return walk(kept, headersChanged, h);
  }

  /** headersChanged is headersSet over the merged options at p. */
  function headersChanged(h) {
    const wd = W[p++], n = memberCount(wd), shaped = shapeKeys(wd);
    for (let i = 0; i < n; i++) {
      if (keyOf(i, shaped) !== "headers") {
        skip();
        continue;
      }
      const list = changedMembers(h);
      if (list !== null) for (let j = 1; j < list.length; j += 2) if (typeof list[j] !== "string") return null;
      return list;
    }
    return null;
  }

  /** skip moves past one value of the answer. */
  function skip() {
    const wd = W[p++], tag = wd & 15, arg = wd >>> 4;
    switch (tag) {
      case OP_TEXT:
      case OP_NUMBER:
      case OP_BIGINT:
        p++; // the length
        return;
      case OP_OBJECT:
      case OP_BARE:
      case OP_SHAPED: {
        // A shape's first members are values alone; the others, key and value.
        const words = 2 * memberCount(wd);
        for (let i = shapeKeys(wd).length; i < words; i++) skip();
        return;
      }
      case OP_ARRAY:
        for (let i = 0; i < arg; i++) skip();
    }
  }

  function same(x) {
    const wd = W[p++], tag = wd & 15, arg = wd >>> 4;
    switch (tag) {
      case OP_REF:
        // A layer's value named by handle is never a plain object or array
        // (write.go copies those member by member).
        return arg < layer.size ? x === layer.table[arg] : unchangedSince(x, arg - layer.size) >= 0;
      case OP_TEXT:
        return x === text(arg);
      case OP_CONST:
        return x === CONSTANTS[arg];
      case OP_OBJECT:
      case OP_BARE:
      case OP_SHAPED: {
        if (!isObjectOf(x, tag)) return false;
        // for-in, not Object.keys: it allocates nothing. It also lists
        // enumerable keys inherited from Object.prototype (if a program
        // adds one), which only makes x differ: it is then written whole.
        const keys = shapeKeys(wd), n = memberCount(wd);
        let i = 0;
        for (const k in x) {
          if (i === n || k !== keyOf(i, keys) || !same(x[k])) return false;
          i++;
        }
        return i === n;
      }
      case OP_ARRAY:
        if (!Array.isArray(x) || x.length !== arg) return false;
        for (let i = 0; i < arg; i++) if (!same(x[i])) return false;
        return true;
      case OP_NUMBER:
        return Object.is(x, Number(text(arg)));
      case OP_BIGINT:
        return x === BigInt(text(arg));
      case OP_AGAIN:
        return fromWord(arg, same, x);
    }
    return false; // OP_COPY: not checked
  }

  /**
   * fromWord runs f(x) (read, same or copySame) over the value written
   * from word w of the answer, which an OP_AGAIN names (the remerge
   * answered ahead names so what it shares with its merge), and the
   * reading then goes on after the OP_AGAIN. (A throw ends the reading:
   * done() or call() resets p.)
   */
  function fromWord(w, f, x) {
    const back = p;
    p = first + w;
    const v = f(x);
    p = back;
    return v;
  }

  /**
   * unchangedSince reports whether x, the value at vals[i], still holds what
   * the message wrote of it: for a plain object or array written in full,
   * the same members in the same order, each unchanged; for one held, the
   * very value, if the engine never loaded it (its content never crossed,
   * and the answer holds it by reference alone). It returns the index after
   * x's entries, or -1. A value loaded, or written in a message that did
   * not track it, has no entry in ends and does not match.
   */
  function unchangedSince(x, i) {
    if (x !== vals[i]) return -1;
    if (typeof x !== "object" || x === null || !(Array.isArray(x) || isPlain(x))) return i + 1;
    const end = endOf(i);
    if (end === HELD) return loads === null || loads[i] !== true ? i + 1 : -1;
    if (end < 0) return -1;
    let j = i + 1;
    if (Array.isArray(x)) {
      for (let k = 0; k < x.length && j >= 0; k++) j = j < end ? unchangedSince(x[k], j) : -1;
    } else {
      const keys = Object.keys(x);
      for (let k = 0; k < keys.length && j >= 0; k++) {
        const v = x[keys[k]];
        if (v === undefined) continue; // not written (D15)
        j = j < end && vals[j] === keys[k] ? unchangedSince(v, j + 1) : -1;
      }
    }
    return j === end ? end : -1;
  }

  /** endOf returns where the plain object or array at vals[i] ends in vals (Writer.written), or -1. */
  function endOf(i) {
    const end = ends === null ? undefined : ends[i];
    return end === undefined ? -1 : end;
  }

  function read() {
    const wd = W[p++], tag = wd & 15, arg = wd >>> 4;
    switch (tag) {
      case OP_REF:
        return resolve(arg);
      case OP_COPY:
        return copyPlain(resolve(arg));
      case OP_TEXT:
        return text(arg);
      case OP_CONST:
        return CONSTANTS[arg];
      case OP_OBJECT:
        return members({}, arg);
      case OP_SHAPED: {
        // A literal of the shape's keys, its values read in order.
        const s = arg & SHAPE_MASK;
        const o = s === SHAPE_OPTIONS ? shaped(s, read(), read(), read(), read())
          : s === SHAPE_REQUEST ? shaped(s, read(), read(), read())
          : shaped(s, read(), read());
        return members(o, (arg >>> SHAPE_BITS) - SHAPES[s].length);
      }
      case OP_BARE: {
        // The JSON body, with no prototype as the reference's: "__proto__"
        // is then an ordinary key however it is set (D18, D30).
        const o = Object.create(null);
        for (let i = 0; i < arg; i++) {
          const k = read();
          o[k] = read();
        }
        return o;
      }
      case OP_ARRAY: {
        const a = new Array(arg);
        for (let i = 0; i < arg; i++) a[i] = read();
        return a;
      }
      case OP_NUMBER:
        return Number(text(arg));
      case OP_BIGINT:
        return BigInt(text(arg));
      case OP_AGAIN:
        return fromWord(arg, read);
    }
    throw new EndpointError("ERR_INTERNAL", `endpoint: internal error (please report it): answer word ${wd}`, "");
  }

  /** members reads n (key, value) pairs into o, and returns it. */
  function members(o, n) {
    for (let i = 0; i < n; i++) {
      // Most keys are constants (none of them "__proto__"): set at once.
      const kw = W[p];
      if ((kw & 15) === OP_CONST) {
        p++;
        o[CONSTANTS[kw >>> 4]] = read();
      } else {
        const k = read();
        setMember(o, k, read());
      }
    }
    return o;
  }

  /** shapeKeys returns the keys an object word leaves out (OP_SHAPED's first ones), none for others. */
  function shapeKeys(wd) {
    return (wd & 15) === OP_SHAPED ? SHAPES[(wd >>> 4) & SHAPE_MASK] : NO_KEYS;
  }

  /**
   * keyOf returns the key of member i of an object whose word left out
   * keys (shapeKeys): one of those, or the next of the answer.
   */
  function keyOf(i, keys) {
    return i < keys.length ? keys[i] : read();
  }

  /** memberCount returns how many members the object of word wd has. */
  function memberCount(wd) {
    return (wd & 15) === OP_SHAPED ? wd >>> (4 + SHAPE_BITS) : wd >>> 4;
  }

  function text(off) {
    const len = W[p++];
    if (texts === null) return decode(off, len);
    return (texts[off] ??= decode(off, len));
  }

  /** decode makes the string of len (a text word: textWide and the byte length) bytes at off of the answer's text. */
  function decode(off, len) {
    const start = textAt + off;
    if (len & TEXT_WIDE) {
      const bytes = T.subarray(start, start + (len & 0x7fffffff));
      try {
        return strict.decode(bytes);
      } catch {
        return wtf8(bytes);
      }
    }
    if (w.text !== null && T === u8) return w.text.read(start, len);
    if (len > DECODE_BY_HAND) return decoder.decode(T.subarray(start, start + len));
    return asciiText(T, start, len);
  }

  return { call, load, replay, replayParse, replayUnchanged, changes, unchanged, headersSet, isLast, forget, options };
}
