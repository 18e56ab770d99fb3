// Checked by `tsc --strict` (make test-types) under the DOM library, the
// Node types and moduleResolution node10: the declarations describe the API
// as the README shows it, and refuse what the API refuses. Each
// "@ts-expect-error" line fails the check when the error it expects is gone.
import { endpoint, EndpointError, toFetch, type RequestOptions, type Method, type Route, type KnownRoute } from "endpoint-wasm";
import { init, endpoint as lazy } from "endpoint-wasm/init";

const r: RequestOptions = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 });
const m: Method = r.method;
const url: string = r.url;
const accept = r.headers["accept"];

const gh = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token x", "x-drop": null } });
const merged = gh.merge("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
const parsed = gh.parse(merged);
const viaOptions = endpoint({ method: "POST", url: "/markdown", text: "hi" });
const length = endpoint("POST /x", { data: "x", headers: { "content-length": 1n } }).headers["content-length"]; // a bigint header (D22)
const base: string = endpoint.DEFAULTS.baseUrl;
const [fetchURL, fetchInit] = toFetch(parsed);
fetchInit.method.toUpperCase();

try {
  endpoint("TRACE /x");
} catch (e) {
  if (e instanceof EndpointError) {
    const code: "ERR_UNSUPPORTED_METHOD" | string = e.code;
    e.field.length;
    const rule: string = e.rule;
    rule.startsWith("D");
  }
}

async function lazily() {
  const ep = await init({ wasmURL: "/assets/endpoint.wasm" });
  ep("GET /user");
  lazy("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  // @ts-expect-error: the init entry's endpoint checks parameters too
  lazy("GET /repos/{owner}/{repo}", { owner: "o" });
}

// Known routes: GitHub's parameters, with their types, required where
// GitHub requires them (the editor offers the routes and these keys).
const known: KnownRoute = "GET /repos/{owner}/{repo}/issues";
endpoint(known, { owner: "o", repo: "r" });
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["bug"], headers: { "x-n": 1 }, request: { retries: 1 } });
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships", { enterprise: "e", "enterprise-team": "t" }); // D14
// @ts-expect-error: "enterprise-team" is required too (D14: a name may hold "-")
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships", { enterprise: "e" });
// @ts-expect-error: per_page is a number
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "100" });
// @ts-expect-error: repo is required by the route
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o" });
// @ts-expect-error: owner and repo are required, so the options are too
endpoint("GET /repos/{owner}/{repo}");
// @ts-expect-error: title is required to create an issue
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
// @ts-expect-error: the body of a known route is checked too
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: "bug,help" });

// A body field named url goes in data, with the other body fields: as a
// parameter it would be the url option, which cannot leave the route's
// origin (D31), so the types offer none.
const hook = { owner: "o", repo: "r", hook_id: 1 };
endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { ...hook, data: { url: "https://hooks.example.com/receive", content_type: "json" } });
endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", hook);
// @ts-expect-error: url is no parameter of a route whose body has a url field (D31)
endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { ...hook, url: "https://hooks.example.com/receive" });
// @ts-expect-error: in merge() neither
endpoint.merge("PATCH /orgs/{org}/hooks/{hook_id}/config", { org: "o", url: "https://hooks.example.com/receive" });
const registry = { registry_type: "npm_registry", url: "https://npm.example", visibility: "all" } as const;
endpoint("POST /orgs/{org}/private-registries", { org: "o", data: registry });
// @ts-expect-error: the registry's body is required, url in it
endpoint("POST /orgs/{org}/private-registries", { org: "o" });
// @ts-expect-error: url is required in that body
endpoint("POST /orgs/{org}/private-registries", { org: "o", data: { registry_type: "npm_registry", visibility: "all" } });
endpoint.defaults({ org: "o" })("PATCH /orgs/{org}/private-registries/{secret_name}", { secret_name: "s", data: { url: "https://npm.example" } });

// Any other route string works, with any options (D6, D15).
endpoint("GET /not/in/the/description/{x}", { x: 1, anything: [1, "a"] });
endpoint("get /repos/{owner}/{repo}");
const someRoute: string = "GET /user";
endpoint(someRoute, { a: 1 });
const route: Route = someRoute;
endpoint(route);

// What .defaults() sets is no longer required in a call.
const mine = endpoint.defaults({ owner: "octokit" });
mine("GET /repos/{owner}/{repo}", { repo: "rest.js" });
mine.defaults({ repo: "rest.js" })("GET /repos/{owner}/{repo}");
// @ts-expect-error: repo is still required
mine("GET /repos/{owner}/{repo}", {});

// merge() checks the types it is given but requires nothing yet (D7).
endpoint.merge("GET /repos/{owner}/{repo}/issues", { owner: "o" });
endpoint.merge();
endpoint.parse(endpoint.merge({ url: "/x" }));
// @ts-expect-error: per_page is a number, in merge() too
endpoint.merge("GET /repos/{owner}/{repo}/issues", { per_page: "x" });

// @ts-expect-error: a route is a string or an options object
endpoint(42);
// @ts-expect-error: the result's method is lower case (D3)
const upper: "GET" = r.method;
// @ts-expect-error: options without a url need a route (D7)
endpoint({ method: "GET" });
// @ts-expect-error: so does a call with nothing, on an endpoint with no url in its defaults
endpoint();

// A client whose defaults hold a url is called with nothing, or with options alone.
const user = endpoint.defaults({ url: "/user" });
const me: string = user().url;
const withHeaders = user({ headers: { authorization: "token x" } });
const layered = user.defaults({ baseUrl: "https://ghe.example/api/v3" })();

export { m, url, accept, viaOptions, length, base, fetchURL, lazily, upper, me, withHeaders, layered };
