// The wire format, JavaScript side. core/bridge/protocol.go describes every
// message and answer, and its tables (tags, statuses, constants, shapes,
// limits, host classes) are generated into wire.js; each piece here is the twin of a piece of the bridge,
// with its name and its methods' names, and writes what that piece reads or
// reads what it writes (same constants, same order):
//
//   MessageWriter  writes a message     messageReader (read.go) reads it
//   AnswerReader   reads an answer      answerWriter (write.go) writes it
//   Loader         answers a load       loader (bridge.go) asks for it
//   Bridge         makes a call         Bridge (bridge.go) runs it
//
// The shim decides no rule of the engine's: what it writes of a value
// depends on the value and on the part of the message it is in, as
// protocol.go defines, and the result is built from the answer alone, the
// values it names by handle being the caller's own. Nothing is kept from one
// call to the next but memory.

import { EndpointError, internalError, invalidArgument, isEndpointError, unreadable } from "./errors.js";
import { NATIVE_TEXT, SCRATCH, textIn } from "./text.js";
import { classOf, isPlain, setMember } from "./values.js";
import {
  BOX_INPUT, BOX_INPUT_CAP, BOX_OPS, BOX_TEXT, CONSTANTS, HOLD_LARGE, HOLD_LONG, HOLD_NONE, LOAD_FAILED, MAX_DEPTH, MAX_MESSAGE, NO_ROUTE,
  OP_ARRAY, OP_BARE, OP_BIG_INT, OP_CONST, OP_DEFAULTS, OP_NUMBER, OP_OBJECT, OP_REF, OP_SHAPED, OP_TEXT,
  REC_ARRAY, REC_BIG_INT, REC_FALSE, REC_HELD_ARRAY, REC_HELD_OBJECT, REC_HELD_STRING, REC_HOST, REC_NULL,
  REC_NUMBER, REC_OBJECT, REC_STRING, REC_TRUE, REC_UNDEFINED, SHAPE_BITS, SHAPE_SIZES, SHORT_ARRAY, SHORT_STRING,
  STATUS_ERROR, STATUS_HOST_ERROR, TEXT_WIDE, TOO_DEEP_TEXT, TOO_LARGE_TEXT, shaped,
} from "./wire.js";

// The operations, for the shim.
export { OP_DEFAULTS, OP_ENDPOINT, OP_MERGE, OP_PARSE } from "./wire.js";

const SHAPE_MASK = (1 << SHAPE_BITS) - 1;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// Strict, so that text holding a lone surrogate (written as WTF-8, D12)
// is decoded by hand (wtf8) rather than into U+FFFD.
const strict = new TextDecoder("utf-8", { fatal: true });

// Short text is encoded by hand, longer text by the native call, whose
// fixed cost in browsers is that of a few hundred characters by hand, in
// Node that of a few dozen (a next page's url is past it).
// Browsers with JS String Builtins write and read text through text.js.
const ENCODE_BY_HAND = NATIVE_TEXT ? 48 : 256;

/**
 * asciiOnly reports whether s is all ASCII, by hand and not with a regular
 * expression: V8 keeps the last string one matched as RegExp.input, which
 * would keep the caller's string after the call.
 */
function asciiOnly(s) {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

function tooLarge() {
  return invalidArgument("options", TOO_LARGE_TEXT, "D29");
}

function tooDeep() {
  return invalidArgument("options", TOO_DEEP_TEXT, "D29");
}

/**
 * MessageWriter writes a message (protocol.go) into buf from start, up to
 * end: Go's input buffer in the module's memory itself for a call, the
 * room Go gives for a load. When the message outgrows it, more room comes
 * from grow(writer, n) (Go's ew_reserve) for a call, from a buffer of the
 * writer's own for a load. Every key and record it writes is pushed onto
 * table, in order: their handles.
 */
class MessageWriter {
  constructor(grow = null) {
    this.buf = null;
    this.start = this.pos = this.end = this.need = 0;
    this.grow = grow;
    this.table = [];
    this.text = null; // textIn's functions, for a writer into the engine's memory
  }

  /** begin starts a message at buf[start], with room up to end. */
  begin(table, buf, start, end) {
    this.moveTo(buf, start, end);
    this.table = table;
  }

  moveTo(buf, start, end) {
    this.buf = buf;
    this.start = this.pos = start;
    this.end = end;
  }

  get length() {
    return this.pos - this.start;
  }

  room(n) {
    if (this.pos - this.start + n > MAX_MESSAGE) throw tooLarge();
    if (this.pos + n <= this.end) return;
    if (this.grow) return this.grow(this, n);
    // Without grow, the message goes on in a buffer of its own, twice the
    // room it needs (need), where the text module, which writes only into
    // the engine's memory, is not used.
    const len = this.length, b = new Uint8Array(2 * (this.need = len + n));
    b.set(this.buf.subarray(this.start, this.pos));
    this.moveTo(b, 0, b.length);
    this.pos = len;
    this.text = null;
  }

  u8(c) {
    this.room(1);
    this.buf[this.pos++] = c;
  }

  u32(n) {
    this.room(4);
    this.patch(this.length, n);
    this.pos += 4;
  }

  /** bytes writes a u32 length and the bytes of b. */
  bytes(b) {
    this.u32(b.length);
    this.room(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  /** str writes a u32 byte length and s as UTF-8 (WTF-8 for a lone surrogate, D12). */
  str(s) {
    const n = s.length;
    // At most 3 bytes for each UTF-16 unit; a long string all ASCII is
    // measured exactly, so that the limit counts what is really written.
    this.room(4 + (n > 65536 && asciiOnly(s) ? n : 3 * n));
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
    this.patch(start - this.start, p - start - 4);
    this.pos = p;
  }

  // wide writes s from index i at p: with encodeInto when it is well formed
  // (in browsers, only when it is long), else by hand, a lone surrogate as
  // its 3-byte WTF-8 form, which the engine refuses where it would reach a
  // url (D12).
  wide(s, i, p) {
    const rest = i === 0 ? s : s.slice(i);
    if ((NATIVE_TEXT || rest.length > ENCODE_BY_HAND) && rest.isWellFormed?.() !== false) {
      return p + encoder.encodeInto(rest, this.buf.subarray(p, this.end)).written;
    }
    const b = this.buf;
    for (let j = 0; j < rest.length; j++) {
      let c = rest.codePointAt(j);
      if (c > 0xffff) j++;
      if (c < 0x80) b[p++] = c;
      else if (c < 0x800) { b[p++] = 0xc0 | (c >> 6); b[p++] = 0x80 | (c & 63); }
      else if (c < 0x10000) { b[p++] = 0xe0 | (c >> 12); b[p++] = 0x80 | ((c >> 6) & 63); b[p++] = 0x80 | (c & 63); }
      else { b[p++] = 0xf0 | (c >> 18); b[p++] = 0x80 | ((c >> 12) & 63); b[p++] = 0x80 | ((c >> 6) & 63); b[p++] = 0x80 | (c & 63); }
    }
    return p;
  }

  /**
   * value writes a record for v at depth (the options object is 1), holding
   * what hold says (HOLD_LARGE, HOLD_LONG, HOLD_NONE): only a held value's
   * kind crosses, and the engine loads it where it must read it.
   */
  value(v, depth, hold) {
    this.table.push(v);
    switch (typeof v) {
      case "string":
        if (hold !== HOLD_NONE && v.length > SHORT_STRING) return this.u8(REC_HELD_STRING);
        this.u8(REC_STRING);
        return this.str(v);
      case "number":
        this.u8(REC_NUMBER);
        return this.str("" + v); // D12: JavaScript's own String(n)
      case "boolean":
        return this.u8(v ? REC_TRUE : REC_FALSE);
      case "bigint":
        this.u8(REC_BIG_INT);
        return this.str(v.toString());
      case "undefined":
        return this.u8(REC_UNDEFINED);
      case "object":
        if (v === null) return this.u8(REC_NULL);
        if (Array.isArray(v)) return this.array(v, depth, hold);
        if (isPlain(v)) return hold === HOLD_LARGE ? this.u8(REC_HELD_OBJECT) : this.object(v, depth, hold);
    }
    this.u8(REC_HOST);
    this.u8(classOf(v)); // functions, symbols, class instances, Blobs... (D19, D20)
  }

  /** array writes a's elements, or, with HOLD_LARGE, holds it unless it is a few short scalars. */
  array(a, depth, hold) {
    if (depth > MAX_DEPTH) throw tooDeep();
    const n = a.length;
    if (hold === HOLD_LARGE && n > SHORT_ARRAY) return this.u8(REC_HELD_ARRAY);
    const at = this.length, mark = this.table.length;
    this.u8(REC_ARRAY);
    this.u32(n);
    for (let i = 0; i < n; i++) {
      const e = a[i];
      if (hold === HOLD_LARGE && (typeof e === "object" && e !== null || typeof e === "string" && e.length > SHORT_STRING)) {
        // Not a few short scalars: held after all.
        this.pos = this.start + at;
        this.table.length = mark;
        return this.u8(REC_HELD_ARRAY);
      }
      this.value(e, depth + 1, hold);
    }
  }

  /**
   * object writes a plain object's defined members (D15) at depth; as top,
   * the options of a message or its layer, in which the wire names three
   * members (protocol.go): headers and mediaType, whose long strings alone
   * are held, and data, which crosses as its class (D19).
   */
  object(o, depth, hold, top = false) {
    if (depth > MAX_DEPTH) throw tooDeep();
    this.u8(REC_OBJECT);
    const at = this.length;
    this.u32(0);
    let n = 0;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (v === undefined) continue; // D15
      n++;
      this.str(k);
      this.table.push(k);
      if (!top) this.value(v, depth + 1, hold);
      else if (k === "data" && v !== null) {
        this.table.push(v);
        this.u8(REC_HOST);
        this.u8(classOf(v));
      } else {
        this.value(v, 2, k === "headers" || k === "mediaType" ? HOLD_LONG : hold);
      }
    }
    this.patch(at, n);
  }

  /** options writes the options of a message, or its layer (object, top). */
  options(o, hold) {
    this.table.push(o);
    this.object(o, 1, hold, true);
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
}

/** utf8 decodes UTF-8 text, or WTF-8 where it holds a lone surrogate. */
function utf8(bytes) {
  try {
    return strict.decode(bytes);
  } catch {
    return wtf8(bytes);
  }
}

/**
 * wtf8 decodes UTF-8 in which a lone surrogate may stand as its own 3-byte
 * form (WTF-8): the text the engine gives back of a string that held one.
 */
function wtf8(b) {
  let s = "";
  for (let i = 0; i < b.length;) {
    const c = b[i], n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    let cp = n === 1 ? c : c & (0x7f >> n);
    for (let j = 1; j < n; j++) cp = (cp << 6) | (b[i + j] & 0x3f);
    s += String.fromCodePoint(cp);
    i += n;
  }
  return s;
}

/**
 * AnswerReader reads an answer (protocol.go): words at p in u32, text from
 * textAt in u8, a value named by handle taken from table, the call's.
 */
class AnswerReader {
  constructor(text) {
    this.text = text; // textIn's functions, or null
    this.u8 = this.u32 = this.table = null;
    this.p = this.textAt = 0;
  }

  begin(u8, u32, p, textAt, table) {
    this.u8 = u8;
    this.u32 = u32;
    this.p = p;
    this.textAt = textAt;
    this.table = table;
  }

  /** value reads the value of the word at p and what follows it. */
  value() {
    const wd = this.u32[this.p++], tag = wd & 15, arg = wd >>> 4;
    switch (tag) {
      case OP_REF:
        return this.table[arg];
      case OP_TEXT:
        return this.textOp(arg);
      case OP_CONST:
        return CONSTANTS[arg];
      case OP_OBJECT:
        return this.members({}, arg);
      case OP_SHAPED: {
        // A literal of the shape's keys, its values read in order.
        const s = arg & SHAPE_MASK;
        return this.members(shaped(this, s), (arg >>> SHAPE_BITS) - SHAPE_SIZES[s]);
      }
      case OP_BARE: {
        // The JSON body, with no prototype as the reference's: "__proto__"
        // is then an ordinary key however it is set (D18, D30).
        const o = Object.create(null);
        for (let i = 0; i < arg; i++) {
          const k = this.value();
          o[k] = this.value();
        }
        return o;
      }
      case OP_ARRAY: {
        const a = new Array(arg);
        for (let i = 0; i < arg; i++) a[i] = this.value();
        return a;
      }
      case OP_NUMBER:
        return Number(this.textOp(arg));
      case OP_BIG_INT:
        return BigInt(this.textOp(arg));
    }
    throw internalError(`internal error (please report it): answer word ${wd}`);
  }

  /** members reads n (key, value) pairs into o, and returns it. */
  members(o, n) {
    const u32 = this.u32;
    for (let i = 0; i < n; i++) {
      // Most keys are constants (none of them "__proto__"): set at once.
      const kw = u32[this.p];
      if ((kw & 15) === OP_CONST) {
        this.p++;
        o[CONSTANTS[kw >>> 4]] = this.value();
      } else {
        const k = this.value();
        setMember(o, k, this.value());
      }
    }
    return o;
  }

  /** textOp makes the string of a text word whose text is at off of the answer's text. */
  textOp(off) {
    const len = this.u32[this.p++], start = this.textAt + off, u8 = this.u8;
    if (len & TEXT_WIDE) return utf8(u8.subarray(start, start + (len & 0x7fffffff)));
    return this.text !== null ? this.text.read(start, len) : decoder.decode(u8.subarray(start, start + len));
  }

  /** errorText reads an error answer: code, field, message and rule (D28). */
  errorText() {
    const code = this.value(), field = this.value(), message = this.value(), rule = this.value();
    return new EndpointError(code, message, field, rule);
  }
}

/**
 * Loader answers the engine's request, during a call, for the whole value
 * of a held handle (protocol.go, load), written straight into Go's memory.
 * Where Go's room ends first, the rest goes on in a buffer of the writer's
 * own (MessageWriter.room), so that the value is read once and measured
 * whole: load answers its length, Go makes room and asks again, and the
 * buffer is copied. A failure is kept (error) and thrown when the call
 * returns, which lets go of it and of the buffer.
 */
class Loader {
  constructor(bridge) {
    this.bridge = bridge;
    this.writer = new MessageWriter();
    this.loaded = -1; // the handle the writer's own buffer holds the value of
    this.bytes = 0; // what the call's loads wrote
    this.error = null;
  }

  load(h, ptr, cap) {
    const w = this.writer, bridge = this.bridge, table = bridge.table;
    try {
      bridge.views();
      if (this.loaded !== h) {
        w.begin([], bridge.u8, ptr >>> 0, (ptr >>> 0) + cap);
        w.text = bridge.message.text;
        w.u32(table.length); // the handles of its members start here
        w.value(table[h], 2, HOLD_NONE);
        // MAX_MESSAGE bounds the whole call, its loads included.
        if ((this.bytes += w.length) + bridge.message.length > MAX_MESSAGE) throw tooLarge();
        for (let i = 1; i < w.table.length; i++) table.push(w.table[i]);
        if (w.buf === bridge.u8) return w.length;
        this.loaded = h;
        // Room for it, and for the next such value written straight in.
        return -Math.max(w.length, w.need);
      }
      if (w.length > cap) return -w.length;
      bridge.u8.set(w.buf.subarray(0, w.length), ptr >>> 0);
      this.loaded = -1;
      return w.length;
    } catch (e) {
      this.error = e;
      return LOAD_FAILED;
    }
  }
}

/**
 * A layer is the defaults a call is made on, as every message carries them
 * (protocol.go): the defaults an OP_DEFAULTS answered; once a second call
 * is made on it, also their record as the first call wrote it and the
 * values its handles name, in order, which the calls after it copy. A
 * client made for one request writes its layer once and keeps no copy.
 * GLOBAL is the layer of the global defaults (D1), which the engine holds
 * itself: an empty record.
 */
export const GLOBAL = { record: new Uint8Array(0), table: [] };

/** layerOf returns the layer of defaults, the answer of an OP_DEFAULTS. */
export function layerOf(defaults) {
  return { defaults, record: null, table: null, calls: 0 };
}

/** writeLayer writes layer's record into the message w, whose values are in table. */
function writeLayer(w, layer, table) {
  if (layer.record !== null) return w.bytes(layer.record);
  const at = w.length;
  w.u32(0);
  w.options(layer.defaults, HOLD_LONG);
  w.patch(at, w.length - at - 4);
  if (++layer.calls > 1) {
    layer.record = w.buf.slice(w.start + at + 4, w.pos);
    layer.table = table.slice();
  }
}

/**
 * Bridge makes calls into one instance of endpoint.wasm, over its exports.
 * load is the function its import object must answer ew.load with;
 * stopped() is true once a call into Go did not return as calls do (a
 * trap, a stack overflow inside it, Go's runtime exiting): the instance is
 * then of no further use (D29). hooks.exited, when given, tells whether
 * the instance's Go runtime has exited, which a fatal error in a call does
 * without a trap.
 */
export class Bridge {
  constructor(exports, hooks = {}) {
    const { ew_box, ew_reserve, ew_call, mem } = exports;
    this.ew_call = ew_call;
    this.mem = mem;
    this.hooks = hooks;
    // Views of the module's memory. When the memory grows, its old buffer
    // is detached and views of it read as empty: an empty view is made again.
    this.u8 = new Uint8Array(0);
    this.u32 = new Uint32Array(0);
    this.box = ew_box() >>> 2;
    // The message is written into Go's input buffer; when it outgrows it,
    // Go makes a larger one (which may grow the memory) and what was
    // written is moved there.
    this.message = new MessageWriter((w, n) => {
      const len = w.length;
      const written = w.buf.slice(w.start, w.pos);
      ew_reserve(2 * (len + n));
      this.views();
      const at = this.u32[this.box + BOX_INPUT];
      this.u8.set(written, at);
      w.moveTo(this.u8, at, at + this.u32[this.box + BOX_INPUT_CAP]);
      w.pos = at + len;
    });
    this.message.text = textIn(mem); // null in Node (NATIVE_TEXT)
    this.answer = new AnswerReader(this.message.text);
    this.loader = new Loader(this);
    this.load = (h, ptr, cap) => this.loader.load(h, ptr, cap);
    // The values of the call under way, by handle; null between calls.
    this.table = null;
    this.busy = false;
    // Set before Go is entered and cleared once it has answered, by plain
    // assignments, which cannot fail: whatever is thrown out of a call (a
    // stack overflow may be thrown again by anything that would handle it),
    // an instance left in the middle of one is never called again.
    this.inGo = false;
  }

  views() {
    if (this.u8.length === 0) {
      const { buffer } = this.mem;
      this.u8 = new Uint8Array(buffer);
      this.u32 = new Uint32Array(buffer);
    }
  }

  /**
   * A call under way (a getter read during a load calling the endpoint
   * again) has not stopped the instance: it is refused as nested.
   */
  stopped() {
    return this.inGo && !this.busy;
  }

  /**
   * call sends one message on layer (layerOf, or GLOBAL) and returns the
   * value of its answer: for OP_DEFAULTS, the new defaults. route is a
   * string or undefined, options a plain object or null.
   */
  call(op, layer, route, options) {
    // A getter of the options that calls the endpoint would write over the
    // message, or enter Go while it answers a load: refused.
    if (this.busy) throw invalidArgument("options", "reading them called the endpoint again (a getter?): calls cannot nest");
    this.busy = true;
    const w = this.message, box = this.box;
    try {
      // Inside the try: whatever throws, even here, lets go of busy.
      const table = (this.table = layer.table === null ? [] : layer.table.slice());
      this.views();
      const at = this.u32[box + BOX_INPUT];
      w.begin(table, this.u8, at, at + this.u32[box + BOX_INPUT_CAP]);
      w.u8(op);
      writeLayer(w, layer, table);
      if (route === undefined) w.u32(NO_ROUTE);
      else w.str(route);
      if (options === null) {
        table.push(null);
        w.u8(REC_NULL);
      } else {
        w.options(options, op === OP_DEFAULTS ? HOLD_LONG : HOLD_LARGE);
      }
      this.inGo = true;
      const status = this.ew_call(w.length);
      if (status >>> 0 > STATUS_HOST_ERROR || this.hooks.exited?.()) throw new Error("Go's runtime exited");
      this.inGo = false;
      this.views();
      const u32 = this.u32;
      this.answer.begin(this.u8, u32, u32[box + BOX_OPS] >>> 2, u32[box + BOX_TEXT], table);
      if (status === STATUS_ERROR) throw this.answer.errorText();
      if (status === STATUS_HOST_ERROR) {
        const e = this.loader.error;
        throw isEndpointError(e) ? e : unreadable("options", "a value could not be read", e);
      }
      return this.answer.value();
    } finally {
      // Assignments only, first: the stack may be exhausted here. Keep no
      // value of the call alive.
      this.busy = false;
      const { answer, loader } = this;
      this.table = w.table = answer.table = answer.u8 = answer.u32 = loader.error = loader.writer.table = loader.writer.buf = null;
      loader.loaded = -1;
      loader.bytes = 0;
    }
  }
}
