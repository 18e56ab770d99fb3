// Code generated from core/bridge/protocol.go by core/bridge/wire_test.go; DO NOT EDIT.
// go test ./core/bridge -run TestWireJS -update writes it again.

// The wire's tables, as the bridge has them: protocol.go describes each.

import { version } from "./version.js";

// Operations, the first byte of a message.
export const OP_ENDPOINT = 69; // 'E'
export const OP_MERGE = 77; // 'M'
export const OP_PARSE = 80; // 'P'
export const OP_DEFAULTS = 68; // 'D'

// Record tags.
export const REC_UNDEFINED = 0;
export const REC_NULL = 1;
export const REC_FALSE = 2;
export const REC_TRUE = 3;
export const REC_NUMBER = 4;
export const REC_BIG_INT = 5;
export const REC_STRING = 6;
export const REC_ARRAY = 7;
export const REC_OBJECT = 8;
export const REC_HOST = 9;
export const REC_HELD_STRING = 10;
export const REC_HELD_ARRAY = 11;
export const REC_HELD_OBJECT = 12;

// The route length that means "no route"; what load returns when the shim could not read the value.
export const NO_ROUTE = 0xffffffff;
export const LOAD_FAILED = -0x80000000;

// Answer tags, the low 4 bits of a word.
export const OP_REF = 0;
export const OP_TEXT = 1;
export const OP_CONST = 2;
export const OP_OBJECT = 3;
export const OP_ARRAY = 4;
export const OP_NUMBER = 5;
export const OP_BIG_INT = 6;
export const OP_BARE = 7;
export const OP_SHAPED = 8;

// The shapes, the low two bits of an opShaped word's argument.
export const SHAPE_OPTIONS = 0;
export const SHAPE_REQUEST = 1;
export const SHAPE_HEADERS = 2;
export const SHAPE_MEDIA_TYPE = 3;
export const SHAPE_BITS = 2;

// A text that may not be ASCII (decoded as UTF-8); the longest text Go looks at to tell.
export const TEXT_WIDE = 0x80000000;
export const TEXT_SCANNED = 128;

// The box's slots (wasm/exports.go).
export const BOX_INPUT = 0;
export const BOX_INPUT_CAP = 1;
export const BOX_OPS = 2;
export const BOX_TEXT = 3;
export const BOX_LEN = 4;

// Statuses, the return value of ew_call.
export const STATUS_OK = 0;
export const STATUS_ERROR = 1;
export const STATUS_HOST_ERROR = 2;

// Indexes of constants.
export const CONST_UNDEFINED = 0;
export const CONST_NULL = 1;
export const CONST_FALSE = 2;
export const CONST_TRUE = 3;
export const FIRST_STRING = 4;
export const CONST_GET = 6;
export const CONST_REQUEST = 24;
export const CONST_BODY = 25;

// The limits of every writer of messages (D29).
export const MAX_MESSAGE = 0x1000000;
export const MAX_DEPTH = 256;
export const SHORT_STRING = 256;
export const SHORT_ARRAY = 16;

// What a writer holds of a value, by the part of the message it is in.
export const HOLD_LARGE = 0;
export const HOLD_LONG = 1;
export const HOLD_NONE = 2;

// Classes of host values (D20).
export const CLASS_OTHER = 0;
export const CLASS_FORM_DATA = 1;
export const CLASS_BLOB = 2;
export const CLASS_URL_SEARCH_PARAMS = 3;
export const CLASS_BINARY = 4;
export const CLASS_STREAM = 5;

/** The values answers name by index (OP_CONST). */
export const CONSTANTS = [
  undefined, null, false, true, "", "application/json; charset=utf-8",
  "get", "head", "post", "put", "patch", "delete",
  "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE",
  "method", "url", "baseUrl", "headers", "mediaType", "data",
  "request", "body", "format", "previews", "accept", "user-agent",
  "content-type", "authorization", "https://api.github.com", "application/vnd.github.v3+json", "endpoint-wasm/" + version,
];

/** How many keys each OP_SHAPED object begins with, by shape. */
export const SHAPE_SIZES = [4, 3, 2, 2];

/**
 * shaped makes the first members of an OP_SHAPED object of shape s, their
 * values read by r.value() in order, as a literal of the shape's keys:
 * V8 gives a literal its hidden class at once, where keys set one by one
 * cost a lookup each.
 */
export function shaped(r, s) {
  switch (s) {
    case 0: return { "method": r.value(), "baseUrl": r.value(), "headers": r.value(), "mediaType": r.value() };
    case 1: return { "method": r.value(), "url": r.value(), "headers": r.value() };
    case 2: return { "accept": r.value(), "user-agent": r.value() };
    case 3: return { "format": r.value(), "previews": r.value() };
  }
}

/** The host classes a writer tells by constructor or tag, in order: [name, class]. */
export const HOST_CLASSES = [
  ["FormData", CLASS_FORM_DATA],
  ["Blob", CLASS_BLOB],
  ["File", CLASS_BLOB],
  ["URLSearchParams", CLASS_URL_SEARCH_PARAMS],
  ["ArrayBuffer", CLASS_BINARY],
  ["SharedArrayBuffer", CLASS_BINARY],
  ["ReadableStream", CLASS_STREAM],
];

/** The messages of a writer's refusals, after "endpoint: options: " (D29). */
export const TOO_LARGE_TEXT = "too large: the engine would have to read more than 16777216 bytes of them";
export const TOO_DEEP_TEXT = "nested deeper than 256 levels, or cyclic";
