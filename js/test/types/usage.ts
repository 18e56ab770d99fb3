// Checked by `tsc --noEmit` (make test-types): the declarations describe
// the API as the README shows it, and refuse what the API refuses.
import { endpoint, EndpointError, toFetch, type RequestOptions, type Method } from "endpoint-wasm";
import { init, endpoint as lazy } from "endpoint-wasm/init";

const r: RequestOptions = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 });
const m: Method = r.method;
const url: string = r.url;
const accept = r.headers["accept"];

const gh = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token x", "x-drop": null } });
const merged = gh.merge("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
const parsed = gh.parse(merged);
const viaOptions = endpoint({ method: "POST", url: "/markdown", text: "hi" });
const base: string = endpoint.DEFAULTS.baseUrl;
const [fetchURL, fetchInit] = toFetch(parsed);
fetchInit.method.toUpperCase();

try {
  endpoint("TRACE /x");
} catch (e) {
  if (e instanceof EndpointError) {
    const code: "ERR_UNSUPPORTED_METHOD" | string = e.code;
    e.field.length;
  }
}

async function lazily() {
  const ep = await init({ wasmURL: "/assets/endpoint.wasm" });
  ep("GET /user");
  lazy("GET /user");
}

// @ts-expect-error: a route is a string or an options object
endpoint(42);
// @ts-expect-error: the result's method is lower case
const upper: "GET" = r.method;
// @ts-expect-error: options without a url need a route
endpoint({ method: "GET" });

export { m, url, accept, viaOptions, base, fetchURL, lazily, upper };
