// What tsc says for a mistake a user makes, asked of TypeScript's compiler
// over js/test/types/tsconfig.json: a known route called without the
// options it needs names the parameters it needs, as a missing parameter in
// given options does. Exits 1 when a message lacks what it must say.
import ts from "typescript";
import { dirname, join } from "node:path";

const dir = new URL(".", import.meta.url).pathname;
const file = join(dir, "messages-probe.ts");
// Each line of the probe is one mistake; want[i] is what line i's error must say.
const probe = [
  'import { endpoint } from "endpoint-wasm";',
  'endpoint("GET /repos/{owner}/{repo}/issues");',
  'endpoint.defaults({ owner: "o" })("POST /repos/{owner}/{repo}/issues");',
  'endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o" });',
];
const want = [
  [],
  ['"this route needs options, with": {', "owner: string;", "repo: string;"],
  ['"this route needs options, with": {', "repo: string;", "title: string | number;"],
  ["Property 'repo' is missing"],
];

const { config } = ts.readConfigFile(join(dir, "tsconfig.json"), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dir);
const host = ts.createCompilerHost(options);
const getSourceFile = host.getSourceFile;
host.getSourceFile = (f, ...rest) => (f === file ? ts.createSourceFile(f, probe.join("\n"), ts.ScriptTarget.Latest) : getSourceFile(f, ...rest));
host.fileExists = ((exists) => (f) => f === file || exists(f))(host.fileExists);
const program = ts.createProgram([file], options, host);
const said = probe.map(() => []);
for (const d of ts.getPreEmitDiagnostics(program)) {
  if (d.file?.fileName !== file) continue;
  said[d.file.getLineAndCharacterOfPosition(d.start).line].push(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}
let failed = false;
probe.forEach((line, i) => {
  const text = said[i].join("\n");
  const ok = want[i].length ? want[i].every((w) => text.includes(w)) : text === "";
  console.log(`messages: ${ok ? "ok  " : "FAIL"} ${line}${ok ? "" : `\n  tsc said: ${text || "nothing"}\n  want: ${want[i].join(" ... ") || "nothing"}`}`);
  if (!ok) failed = true;
});
if (failed) process.exit(1);
