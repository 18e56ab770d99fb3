package wasmpost

// What the rewrite and the snapshot know of one Go release, in one place,
// each fact with where in Go's source it comes from (paths under
// $(go env GOROOT)/src). The loader's side, what it knows of the release's
// lib/wasm/wasm_exec.js, is js/go-source.mjs, whose GO_RELEASE a test holds
// to GoRelease. To move to a new release, follow the checklist in
// docs/design.md ("Upgrading Go").

// GoRelease is the one Go release this package and the loader are written
// for. A module made by another release is refused (checkGoVersion,
// checkABI), since every fact below may have changed with it.
const GoRelease = "go1.27"

// runtime.pcHeader (runtime/symtab.go; written by
// cmd/link/internal/ld/pcln.go, generatePCHeader): its magic, its size, and
// the offsets of nfunc and of funcnameOffset, which cuOffset, filetabOffset,
// pctabOffset and pclnOffset follow, a word each.
const (
	pclnMagic         = 0xfffffff1 // internal/abi.Go120PCLnTabMagic, the current one
	pcHeaderSize      = 72
	pcHeaderNfunc     = 8
	pcHeaderFuncnames = 32
)

// runtime.moduledata (runtime/symtab.go; written by
// cmd/link/internal/ld/symtab.go): the part the rewrite and the snapshot
// read, from its first field, pcHeader, to epclntab (moduledataSize bytes).
// funcnametab, cutab, filetab, pctab and pclntable follow pcHeader, a
// slice (three words) each, then ftab; later, findfunctab and the pcs it
// spans (functab.go), the fields that bound the type data (Reachable: the
// type descriptors, then names and the itabs), and where the funcdata are
// and pclntab ends.
const (
	moduledataSize        = 360
	moduledataFuncnames   = 8
	moduledataFtab        = 128
	moduledataFindfunctab = 152
	moduledataMinpc       = 160
	moduledataMaxpc       = 168
	moduledataTypes       = 296
	moduledataTypedesclen = 304
	moduledataEtypes      = 312
	moduledataItaboffset  = 320
	moduledataItabsize    = 328
	moduledataGofunc      = 344 // where the funcdata are, as offsets from it
	moduledataEpclntab    = 352
)

// runtime._func (runtime/runtime2.go; written by
// cmd/link/internal/ld/pcln.go, writeFuncs): its size before its pcdata and
// funcdata offsets, and the offsets of the fields the rewrite reads.
const (
	funcSize      = 44
	funcEntryOff  = 0
	funcNameOff   = 4
	funcPcsp      = 16
	funcPcfile    = 20
	funcPcln      = 24
	funcNpcdata   = 28
	funcCuOffset  = 32
	funcStartLine = 36
	funcNfuncdata = 43
)

// A _func's pcdata and funcdata tables (internal/abi/symtab.go), by index:
// the stack maps, whose records (runtime.stackmap, runtime/symtab.go) the
// snapshot drops with a dead function; and those StripFrames drops, what
// only tracebacks read, the inline tree (runtime/symtabinl.go) and the
// arguments' layout and liveness (runtime/traceback.go, printArgs), and
// the unsafe points, which only asynchronous preemption reads
// (runtime/preempt.go), and js/wasm has none (runtime/os_wasm.go,
// preemptMSupported). An absent pcdata table is offset 0, an absent
// funcdata ^0. An inline tree is an array of runtime.inlinedCall
// (runtime/symtabinl.go); the arguments' layout is a sequence of bytes,
// operators from traceArgsSpecial up (each one byte) or an argument's
// offset and size, ended by traceArgsEndSeq (internal/abi/type.go).
const (
	pcdataUnsafePoint         = 0
	pcdataInlTreeIndex        = 2
	pcdataArgLiveIndex        = 3
	funcdataLocalsPointerMaps = 1 // and ArgsPointerMaps, 0
	funcdataInlTree           = 3
	funcdataArgInfo           = 5
	funcdataArgLiveInfo       = 6
	inlinedCallSize           = 16
	traceArgsSpecial          = 0xf0
	traceArgsEndSeq           = 0xff
)

// funcValueOffset is the PC_F of the module's first function
// (cmd/link/internal/wasm/asm.go, funcValueOffset): a function's index
// among the module's own functions is its entry in pclntab's ftab less this.
const funcValueOffset = 0x1000

// localPCB is the local that holds PC_B, the place a function's dispatch
// loop goes to (cmd/internal/obj/wasm/wasmobj.go, which writes the loop and
// every jump as "i32.const k; local.set PC_B; br <loop>"). The shape of the
// loop that jumps.go recognises, and the instructions it decodes
// (instructions: WebAssembly 1.0 with sign extension, saturating
// conversions and bulk memory), are wasmobj.go's too. Go 1.27's wasmobj.go
// can also write vector (0xfd) instructions, for its SIMD intrinsics only;
// the module uses none, and the rewrite refuses a function that holds one.
const localPCB = 0

// goGlobals are the module's mutable globals as Go's linker declares them
// (cmd/link/internal/wasm/asm.go, writeGlobalSec), in order: the stack
// pointer, the closure context, the current g, the four result registers
// and the flag that unwinds to JavaScript.
var goGlobals = []struct {
	name string
	typ  byte // i32 0x7f, i64 0x7e
}{{"SP", 0x7f}, {"CTXT", 0x7e}, {"g", 0x7e}, {"RET0", 0x7e}, {"RET1", 0x7e}, {"RET2", 0x7e}, {"RET3", 0x7e}, {"PAUSE", 0x7f}}

// globalIndex returns the place in goGlobals of the global called name.
func globalIndex(name string) int {
	for i, g := range goGlobals {
		if g.name == name {
			return i
		}
	}
	panic("no global " + name)
}

// goExports are the exports of the ABI (cmd/link/internal/wasm/asm.go,
// writeExportSec): a snapshot is resumed, never run.
var goExports = []string{runExport, "resume", "getsp", "mem"}

// runExport starts Go: the loader calls it on a module that is not
// pre-initialised, and restores one that is instead.
const runExport = "run"

// gojsImports are the functions of lib/wasm/wasm_exec.js's gojs object
// (the runtime's and syscall/js's //go:wasmimport gojs declarations) that
// the loader knows; a module importing another is refused.
var gojsImports = []string{
	"runtime.wasmExit", "runtime.wasmWrite", "runtime.resetMemoryDataView", "runtime.nanotime1",
	"runtime.walltime", "runtime.scheduleTimeoutEvent", "runtime.clearTimeoutEvent", "runtime.getRandomData",
	"syscall/js.finalizeRef", "syscall/js.stringVal", "syscall/js.valueGet", "syscall/js.valueSet",
	"syscall/js.valueDelete", "syscall/js.valueIndex", "syscall/js.valueSetIndex", "syscall/js.valueCall",
	"syscall/js.valueInvoke", "syscall/js.valueNew", "syscall/js.valueLength", "syscall/js.valuePrepareString",
	"syscall/js.valueLoadString", "syscall/js.valueInstanceOf", "syscall/js.copyBytesToGo",
	"syscall/js.copyBytesToJS", "debug",
}

// The runtime's random state, which FindRandom finds and the loader makes
// fresh. internal/chacha8rand.State (internal/chacha8rand/chacha8.go): a
// buffer of 32 words and a seed of 4 (chacha8Len bytes), then the counters
// i, n and c (chacha8Counters bytes; n is 32, or 28 once the last four
// words went to reseeding). runtime.m (runtime/runtime2.go) holds its
// State, then, at mCheaprand from it (the State padded to a word),
// cheaprand, a uint32 since Go 1.27, and cheaprand64, a uint64 after it:
// the cheap generators (runtime/rand.go, mrandinit), mCheaprandLen bytes
// with the padding between them. On WebAssembly cheaprand and
// cheaprandu64 read cheaprand alone (runtime/rand.go); cheaprand64 is made
// fresh too, since mrandinit seeds it.
const (
	chacha8Len      = 288
	chacha8Counters = 12
	mCheaprand      = 304
	mCheaprandLen   = 16
)

// runtime.g (runtime/runtime2.go) starts with its stack, runtime.stack
// (runtime/stack.go): lo, then hi, a word each, which DeadStack and
// Reachable read; Reachable also reads the stack pointer a parked
// goroutine resumes at, sched.sp (runtime.gobuf's first word), after
// stackguard0, stackguard1, _panic, _defer and m; and it passes over
// gopc and startpc, the PCs of the go statement that made the goroutine
// and of its function, which tracebacks print and nothing calls.
const (
	gStackLo = 0
	gStackHi = 8
	gSchedSP = 56
	gGopc    = 288
	gStartpc = 304
)

// The function names the runtime reads to decide what it does, not only to
// print them, which StripNames keeps: the names of reflect's stubs, whose
// argument maps runtime/stkframe.go (argMapInternal) finds by name, without
// which the collector and stack growth would miss the pointers of a call
// through reflect.MakeFunc or a method value; and the prefix of the
// runtime's own functions, by which runtime/traceback.go
// (isSystemGoroutine) tells the runtime's goroutines from the program's,
// for the deadlock check and runtime.NumGoroutine. The runtime's other
// reads of names (runtime/panic.go's panicCheck1, off on wasm;
// runtime/proc.go's sigprof, on mips and arm; tracebacks) only print them.
var runtimeReadsNames = []string{"reflect.makeFuncStub", "reflect.methodValueCall"}

const runtimePrefix = "runtime."

// printOnly are the runtime's functions that StripPrints makes return at
// once: each only prints, to standard error, for a fatal error, a failed
// check of the runtime's own or a GODEBUG trace, and returns no value
// (runtime/traceback.go: traceback1, goroutineheader, tracebackothers,
// tracebacksomeothers, tracebackHexdump; proc.go: schedtrace,
// dumpgstatus; mgcmark.go: gcDumpObject; mgcmark_nogreenteagc.go:
// dumpScanStats; hexdump.go: hexdumpWords; mgcscavenge.go:
// printScavTrace; debuglog.go: printDebugLog). runtime.Stack
// (runtimeStack, mprof.go) prints through the traceback ones into a
// buffer.
var printOnly = []string{
	"runtime.traceback1", "runtime.goroutineheader", "runtime.tracebackothers", "runtime.tracebacksomeothers",
	"runtime.tracebackHexdump", "runtime.schedtrace", "runtime.dumpgstatus", "runtime.gcDumpObject",
	"runtime.dumpScanStats", "runtime.hexdumpWords", "runtime.printScavTrace", "runtime.printDebugLog",
}

const runtimeStack = "runtime.Stack"

// The execution tracer (runtime/trace*.go), which StripTracer removes
// from a module that cannot start it: tracerStarts are the functions
// through which a program starts it (trace.go; only runtime/trace calls
// them), and the code that runs only once it has started is tracerFuncs
// and the methods of tracerTypes but tracerGuard, the check every caller
// makes first (TestTracerOnlyRunsOnceStarted). Names as pclntab writes
// them, after "runtime.".
var (
	tracerStarts = []string{"runtime.StartTrace", "runtime.StopTrace", "runtime.ReadTrace"}
	tracerFuncs  = []string{
		"traceAdvance", "traceAcquireEnabled", "traceReader", "traceReaderAvailable",
		"traceThreadDestroy", "traceSnapshotMemory", "(*traceAdvancerState).start",
	}
	tracerTypes = []string{"traceLocker", "traceEventWriter"}
)

const tracerGuard = "ok"

// typelinksFunc is the runtime's function that walks the type
// descriptors, whose name StripNames keeps for Reachable.
const typelinksFunc = "runtime.moduleTypelinks"

// Type descriptors (internal/abi/type.go), as laid out on a 64-bit target:
// abi.Type, each kind's descriptor, the uncommon type and method records.
const (
	typeSize        = 48
	typeTFlag       = 20
	typeKind        = 23
	typePtrToThis   = 44
	tflagUncommon   = 1
	uncommonSize    = 16
	uncommonMcount  = 4
	uncommonMoff    = 8
	methodSize      = 16
	methodMtyp      = 4
	methodIfn       = 8
	methodTfn       = 12
	imethodSize     = 8
	imethodTyp      = 4
	structFieldSize = 24
	structFieldTyp  = 8
	// The counts that follow a func's descriptor, and the length of an
	// interface's methods and of a struct's fields.
	funcInCount   = 48
	funcOutCount  = 50
	methodsLength = 64
)

// kindSizes are the descriptor sizes of the kinds (internal/abi's Kind)
// whose descriptor is more than abi.Type: array, chan, func, interface,
// map, pointer, slice, struct.
var kindSizes = map[byte]uint64{17: 72, 18: 64, 19: 56, 20: 80, 21: 136, 22: 56, 23: 56, 25: 80}
