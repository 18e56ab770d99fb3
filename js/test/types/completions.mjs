// What an editor offers, asked of TypeScript's language service (the one
// editors run) over js/test/types/tsconfig.json: every known route after
// `endpoint("`, and a known route's parameters inside its options. Prints
// the counts; exits 1 when an expected completion is missing.
import ts from "typescript";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const dir = new URL(".", import.meta.url).pathname;
const file = join(dir, "completions-probe.ts");
// The probe source lives here, not on disk: each "|" is a cursor, removed.
const probe = [
  'import { endpoint } from "endpoint-wasm";',
  'endpoint("|");',
  'endpoint("GET /repos/{owner}/{repo}/issues", { |});',
  'endpoint.defaults({ owner: "o" })("POST /repos/{owner}/{repo}/issues", { |});',
  'endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { |});',
].join("\n");
const cursors = [];
const text = probe.replace(/\|/g, (_, at) => (cursors.push(at - cursors.length), ""));

const { config } = ts.readConfigFile(join(dir, "tsconfig.json"), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dir);
const host = {
  getScriptFileNames: () => [file],
  getScriptVersion: () => "1",
  getScriptSnapshot: (f) => ts.ScriptSnapshot.fromString(f === file ? text : readFileSync(f, "utf8")),
  getCurrentDirectory: () => dir,
  getCompilationSettings: () => options,
  getDefaultLibFileName: (o) => join(dirname(ts.getDefaultLibFilePath(o)), ts.getDefaultLibFileName(o)),
  fileExists: (f) => f === file || ts.sys.fileExists(f),
  readFile: (f) => (f === file ? text : ts.sys.readFile(f)),
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
  realpath: ts.sys.realpath,
};
const service = ts.createLanguageService(host);
const names = (at) => new Set((service.getCompletionsAtPosition(file, at, {})?.entries ?? []).map((e) => e.name));
const details = (at, name) => service.getCompletionEntryDetails(file, at, name, {}, undefined, undefined, undefined);

const checks = [
  ["routes after endpoint(\"", names(cursors[0]), ["GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues", "GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships"], 1000],
  ["options of GET /repos/{owner}/{repo}/issues", names(cursors[1]), ["owner", "repo", "per_page", "labels", "state", "headers", "baseUrl", "mediaType", "request"], 0],
  ["options of POST /repos/{owner}/{repo}/issues under defaults", names(cursors[2]), ["repo", "title", "body", "labels", "data"], 0],
  ["options of PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", names(cursors[3]), ["owner", "repo", "hook_id", "data"], 0],
];
// A route whose body has a url field offers no url parameter of its own: the
// option is typed never there, its note saying the field goes in data (D31).
const url = details(cursors[3], "url");
const urlType = ts.displayPartsToString(url?.displayParts ?? []);
const urlNote = (url?.tags ?? []).map((t) => ts.displayPartsToString(t.text)).join(" ");
console.log(`completions: url of PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config: ${urlType}; ${urlNote.replace(/\s+/g, " ")}`);
const urlOffered = !/url\?: (undefined|never)$/.test(urlType) || !/goes in data/.test(urlNote);
let failed = false;
for (const [what, got, want, atLeast] of checks) {
  const missing = want.filter((w) => !got.has(w));
  console.log(`completions: ${what}: ${got.size} offered${missing.length ? `, missing ${missing.join(", ")}` : ""}`);
  if (missing.length || got.size < atLeast) failed = true;
}
if (failed || urlOffered) process.exit(1);
