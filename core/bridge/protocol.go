package bridge

import (
	"strconv"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// The wire format between the shim (js/protocol.js) and the engine, and
// the one source of its tables: js/wire.js is generated from this file's
// constants and tables (wire_test.go, go test -run TestWire -update), their
// names in JavaScript's style (opRef is OP_REF), and TestWireJS fails when
// the two differ. One call is one message
// in, written by the shim into Go's input buffer, and one answer out,
// written by Go into its output buffers. Only what the engine reads
// crosses: the values that only travel (a body value, data, request) stay
// in JavaScript and are named by handles. Nothing is kept from one call to
// the next: a message carries the layer of .defaults() it is made on.
//
// Handles. Each key and each record of a message takes the next handle,
// from 0, in the order written; the shim keeps the values it wrote in a
// table in the same order. An answer names a value by its handle, and the
// shim hands back the very value, so that a body of any size comes back by
// reference; a layer's plain object or array is written out instead, so
// that results never share state with a layer (D2).
//
// Message in (little-endian):
//
//	op      u8   an operation (below)
//	layer   str  empty for the global defaults (D1), else an object
//	             record: the defaults an OpDefaults answered, written as
//	             they are, which the engine takes as defaults without
//	             merging them again. The shim writes a layer's record
//	             once, when .defaults() answers, and copies it into each
//	             message on the layer; its values take the first handles.
//	route   str  (length 0xFFFFFFFF: no route)
//	options rec  an object record, or recNull
//
// A str is a u32 byte length and that many bytes of UTF-8 (WTF-8 where a
// JavaScript string holds a lone surrogate, so that the engine can refuse
// it where it reaches a url, D12). A record (rec) is a tag byte and its
// payload:
//
//	recUndefined, recNull, recFalse, recTrue
//	recNumber    str, JavaScript's String(n) text (D12)
//	recBigInt    str, decimal text
//	recString    str
//	recArray     u32 count, then count recs
//	recObject    u32 count, then count (key str, rec) pairs
//	recHost      u8 class (engine.Class: D20): a value the engine never reads
//	recHeldString, recHeldArray, recHeldObject: a value whose content the
//	             shim did not write (large, or likely never read); the
//	             engine asks for it through the load import where it must
//	             read it (loaded where the engine reads it)
//
// What the shim writes of a value depends on the value and on the part of
// the message it is in, never on where the engine will place it (that is
// the engine's rule, which a held value costs a load):
//
//	the layer and OpDefaults' options: every value, but strings longer
//	           than 256 UTF-16 units, which are held (a layer's objects
//	           must be written out in its answers, D2)
//	a call's other options: scalars, strings up to 256 units and arrays of
//	           at most 16 such scalars; longer strings and arrays, other
//	           arrays and every plain object are held
//	headers, mediaType: as the layer's, in either
//	data:      recHost when not null, whatever it is (D19: the engine
//	           never reads it)
//	a load:    every value
//
// The global object's members (wasm/values.go) write through MessageWriter
// and hold as the shim does (HoldLarge, HoldLong, HoldNone): the same
// records, the same limits (MaxMessage, maxDepth) and the same errors.
//
// load(handle, ptr, cap) asks the shim, during a call, for the whole value
// of a handle: it writes u32 base (the first handle of the members it
// numbers now) and one rec, written in full, at ptr, and returns its
// length; or -length when cap is too small (Go grows the buffer and asks
// again); or LoadFailed when the value cannot be read (cyclic, too deep, a
// getter that throws: the shim keeps the error and throws it when the call
// returns StatusHostError).
//
// Answer out: a status (the return value of ew_call), u32 words in the ops
// buffer and bytes in the text buffer, whose addresses and lengths are in
// the box (exports.go). The words describe one value:
//
//	opRef h        the value of handle h
//	opText off     a string: the next word is its byte length, with
//	               textWide set when it may not be ASCII (always past
//	               textScanned bytes); off is in the text buffer
//	opConst k      constants[k]
//	opObject n     an object: n (key, value) pairs of values follow
//	opArray n      an array: n values follow
//	opNumber off   like opText, read as a number
//	opBigInt off   like opText, read as a bigint
//	opBare n       an object with no prototype: n (key, value) pairs follow;
//	               the JSON body the engine builds, as the reference's (D18)
//	opShaped n<<2|s an object of n members whose first ones are those of
//	               shapes[s], in that order: their values follow, without
//	               their keys, then the other members' (key, value) pairs
//
// A word is tag | arg<<4. StatusOK: the result, request options for
// OpEndpoint and OpParse, merged options for OpMerge, and for OpDefaults
// the new layer's defaults, every plain object and array in them written
// out, which the shim keeps as the layer. StatusError: four opText
// values, the code, the field, the message and the rule (D28).

// Operations, the first byte of a message.
const (
	OpEndpoint = 'E' // endpoint(route, options) on a layer -> request options
	OpMerge    = 'M' // merge(route, options) on a layer    -> merged options
	OpParse    = 'P' // parse(options)                     -> request options
	OpDefaults = 'D' // defaults(options) on a layer        -> the new layer
)

// Record tags.
const (
	recUndefined = iota
	recNull
	recFalse
	recTrue
	recNumber
	recBigInt
	recString
	recArray
	recObject
	recHost
	recHeldString
	recHeldArray
	recHeldObject
)

// noRoute is the route length that means "no route".
const noRoute = 0xFFFFFFFF

// LoadFailed is what load returns when the shim could not read the value.
const LoadFailed = -0x80000000

// Answer tags, the low 4 bits of a word.
const (
	opRef = iota
	opText
	opConst
	opObject
	opArray
	opNumber
	opBigInt
	opBare
	opShaped
)

// shapes are the runs of keys that answers' objects most often begin with,
// all of them orders the engine's results have, as the reference's do: the
// global defaults' (a merge lays the call over its defaults, so every merged
// options, and its headers and mediaType, begin with the defaults' keys)
// and a request's (method, url, headers, then body and request). An object
// that begins so is answered as opShaped, its keys left out, and the shim
// builds it as an object literal of those keys: a V8 literal has its hidden
// class from the start, where the same keys set one by one through a
// variable name cost a lookup each (js/wire.js, shaped).
// js/wire.js's shaped builds each as that literal, generated from this list.
var shapes = [...][]string{
	shapeOptions:   {"method", "baseUrl", "headers", "mediaType"},
	shapeRequest:   {"method", "url", "headers"},
	shapeHeaders:   {"accept", "user-agent"},
	shapeMediaType: {"format", "previews"},
}

// The shapes, the low two bits of an opShaped word's argument.
const (
	shapeOptions = iota
	shapeRequest
	shapeHeaders
	shapeMediaType
	shapeBits = 2
)

// textWide marks a string that may not be ASCII, in the word after opText:
// the shim decodes it as UTF-8 (WTF-8 for a lone surrogate, D12). Text
// without it is ASCII, which browsers read through the JS String Builtins
// (js/text.js), byte for character, and Node with its TextDecoder.
const textWide = 1 << 31

// textScanned is the longest text the writer looks at to tell whether it
// is ASCII: a longer one is marked textWide unlooked and decoded as UTF-8
// with TextDecoder, which takes ASCII as it is, so that for long text (a
// search q's url of 1,300 bytes) the look would be paid for nothing.
const textScanned = 128

// The box's slots (wasm/exports.go): where Go's buffers are.
const (
	BoxInput    = iota // address of the input buffer
	BoxInputCap        // its capacity
	BoxOps             // address of the answer's words
	BoxText            // address of the answer's text
	BoxLen
)

// Statuses, the return value of ew_call.
const (
	StatusOK        = 0
	StatusError     = 1 // an EndpointError: code, field, message, rule
	StatusHostError = 2 // load failed: the shim throws the error it kept
)

// constants are the strings and values answers name by index (opConst).
// The first four are undefined, null, false and true.
var constants = [...]string{
	"undefined", "null", "false", "true",
	"", "application/json; charset=utf-8",
	"get", "head", "post", "put", "patch", "delete",
	"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE",
	"method", "url", "baseUrl", "headers", "mediaType", "data", "request", "body",
	"format", "previews", "accept", "user-agent", "content-type", "authorization",
	"https://api.github.com", "application/vnd.github.v3+json", engine.UserAgent,
}

// Indexes of constants the writer names without looking them up.
const (
	constUndefined = 0
	constNull      = 1
	constFalse     = 2
	constTrue      = 3
	firstString    = 4
	constGet       = 6 // then head, post, put, patch, delete, as the engine's methods
	constRequest   = 24
	constBody      = 25
)

// The limits of what a writer writes, the same for every writer of
// messages: the shim's, and the global object's members (wasm/values.go).
const (
	// MaxMessage is the most a writer writes for one call, its message and
	// the values loaded during it together: what the engine must read past
	// 16 MiB is refused before it crosses, so that no input can exhaust the
	// engine's memory (D29). Values that only travel (held) do not count.
	MaxMessage = 16 << 20
	// maxDepth is how deeply a value may nest, the options object being
	// level 1 (D29): deeper, or cyclic, it is refused as it is written.
	maxDepth = engine.MaxDepth
	// ShortString and ShortArray are what a call's options hold (above,
	// "What the shim writes"): strings longer than ShortString UTF-16 units,
	// arrays of more than ShortArray scalars.
	ShortString = 256
	ShortArray  = 16
)

// What a writer holds of a value, by the part of the message it is in
// (above, "What the shim writes"): in a call's parameters, what is large
// (HoldLarge); in a layer, the options of OpDefaults and a call's headers
// and mediaType, long strings alone (HoldLong); in a load, nothing
// (HoldNone). Each holds less than the one before it.
const (
	HoldLarge = iota
	HoldLong
	HoldNone
)

// The errors of a writer that refuses a value (field "options",
// ERR_INVALID_ARGUMENT): too large to cross, or too deep (D29).
var (
	tooLargeText = "too large: the engine would have to read more than " + strconv.Itoa(MaxMessage) + " bytes of them"
	tooDeepText  = "nested deeper than " + strconv.Itoa(maxDepth) + " levels, or cyclic"
)

// Class is a host value's class, the byte after recHost: what the
// content-type rule needs to know of it (engine.Class, D20).
type Class uint8

// The classes.
const (
	ClassOther           = Class(engine.ClassOther)
	ClassFormData        = Class(engine.ClassFormData)
	ClassBlob            = Class(engine.ClassBlob)
	ClassURLSearchParams = Class(engine.ClassURLSearchParams)
	ClassBinary          = Class(engine.ClassBinary)
	ClassStream          = Class(engine.ClassStream)
)

// HostClass is a host class a writer tells by the name of its constructor
// or its tag ("[object FormData]", another realm's or library's too).
type HostClass struct {
	Name  string
	Class Class
}

// HostClasses are the classes whose content-type the HTTP client sets
// (D20), in the order a writer tries them. Besides these, a writer takes an
// ArrayBuffer view as ClassBinary and an object with pipe and on methods (a
// Node stream) as ClassStream; anything else is ClassOther.
var HostClasses = [...]HostClass{
	{"FormData", ClassFormData}, {"Blob", ClassBlob}, {"File", ClassBlob}, {"URLSearchParams", ClassURLSearchParams},
	{"ArrayBuffer", ClassBinary}, {"SharedArrayBuffer", ClassBinary}, {"ReadableStream", ClassStream},
}
