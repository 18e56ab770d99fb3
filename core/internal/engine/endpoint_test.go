package engine

import (
	"strings"
	"testing"
)

// endpointCase is one behaviour: defaults (JSON, "" for the global ones),
// then a route and options, give a whole result (JSON) or an error code.
type endpointCase struct {
	name     string
	defaults string
	route    string
	options  string
	want     string
	err      Code
}

const stdHeaders = `"accept":"application/vnd.github.v3+json","user-agent":"UA"`

var endpointCases = []endpointCase{
	// Spec: the result object and parameter placement (rule 4).
	{name: "a route with {placeholders} expands them and puts the rest in the query (spec rule 4)",
		route: "GET /repos/{owner}/{repo}/issues", options: `{"owner":"octocat","repo":"hello-world","state":"open","per_page":100}`,
		want: `{"method":"get","url":"https://api.github.com/repos/octocat/hello-world/issues?state=open&per_page=100","headers":{` + stdHeaders + `}}`},
	{name: "a url alone is a GET (spec: route string)",
		route: "/user",
		want:  `{"method":"get","url":"https://api.github.com/user","headers":{` + stdHeaders + `}}`},
	{name: "endpoint(options) takes method and url from the options (spec rule 6)",
		options: `{"method":"POST","url":"/user/repos","name":"x"}`,
		want:    `{"method":"post","url":"https://api.github.com/user/repos","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"name":"x"}}`},
	{name: "options.method and options.url override the route's (D6)",
		route: "GET /a", options: `{"method":"DELETE","url":"/b"}`,
		want: `{"method":"delete","url":"https://api.github.com/b","headers":{` + stdHeaders + `}}`},
	{name: "the method is lower case in the result whatever its case in the route (D3, D4)",
		route: "pAtCh /x", options: `{"a":1}`,
		want: `{"method":"patch","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"a":1}}`},
	{name: "white space around and inside a route is ignored (D6)",
		route: " \t GET \t  /x \n",
		want:  `{"method":"get","url":"https://api.github.com/x","headers":{` + stdHeaders + `}}`},
	{name: "HEAD puts parameters in the query (spec rule 4.2)",
		route: "HEAD /x", options: `{"a":"b"}`,
		want: `{"method":"head","url":"https://api.github.com/x?a=b","headers":{` + stdHeaders + `}}`},
	{name: "POST puts the parameters the url does not use in a JSON body, in key order (spec rule 4.3, D18)",
		route: "POST /repos/{owner}/{repo}/issues", options: `{"owner":"o","title":"t","repo":"r","labels":["bug"],"assignee":null,"milestone":{"n":1}}`,
		want: `{"method":"post","url":"https://api.github.com/repos/o/r/issues","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"title":"t","labels":["bug"],"assignee":null,"milestone":{"n":1}}}`},
	{name: "PUT with no parameters gets an empty string body and no content-type (D18, D20)",
		route: "PUT /user/starred/{owner}/{repo}", options: `{"owner":"o","repo":"r"}`,
		want: `{"method":"put","url":"https://api.github.com/user/starred/o/r","headers":{` + stdHeaders + `},"body":""}`},
	{name: "PATCH with no parameters gets an empty string body (D18)",
		route: "PATCH /x",
		want:  `{"method":"patch","url":"https://api.github.com/x","headers":{` + stdHeaders + `},"body":""}`},
	{name: "DELETE with no parameters has no body (D18)",
		route: "DELETE /x/{id}", options: `{"id":1}`,
		want: `{"method":"delete","url":"https://api.github.com/x/1","headers":{` + stdHeaders + `}}`},
	{name: "DELETE with parameters has a JSON body (spec rule 4.3)",
		route: "DELETE /x", options: `{"sha":"abc"}`,
		want: `{"method":"delete","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"sha":"abc"}}`},

	// Placeholders (D9).
	{name: ":name starting a path segment means {name} (spec rule 8, D9)",
		route: "GET /orgs/:org/repos", options: `{"org":"octokit","type":"private"}`,
		want: `{"method":"get","url":"https://api.github.com/orgs/octokit/repos?type=private","headers":{` + stdHeaders + `}}`},
	{name: "a one-letter :x and :_x are placeholders too (D9)",
		route: "GET /a/:x/:_y", options: `{"x":"1","_y":"2"}`,
		want: `{"method":"get","url":"https://api.github.com/a/1/2","headers":{` + stdHeaders + `}}`},
	{name: "a colon in a port, mid-segment or in the query is literal (D9)",
		route: "GET https://example.com:8080/a:b/:c?t=:d", options: `{"c":"z","d":"unused"}`,
		want: `{"method":"get","url":"https://example.com:8080/a:b/z?t=:d&d=unused","headers":{` + stdHeaders + `}}`},

	// Urls and baseUrl (D8, D10, spec rule 7).
	{name: "a full url is used as is, without baseUrl (spec rule 7, D8)",
		route: "GET https://uploads.github.com/x/{id}", options: `{"id":7}`,
		want: `{"method":"get","url":"https://uploads.github.com/x/7","headers":{` + stdHeaders + `}}`},
	{name: "the scheme of a full url is recognised in any case (D8)",
		route: "GET HTTP://example.com/x",
		want:  `{"method":"get","url":"HTTP://example.com/x","headers":{` + stdHeaders + `}}`},
	{name: "a baseUrl ending in / joins with exactly one / (D8)",
		options: `{"url":"/x","baseUrl":"https://ghe.example.com/api/v3/"}`,
		want:    `{"method":"get","url":"https://ghe.example.com/api/v3/x","headers":{` + stdHeaders + `}}`},
	{name: "a baseUrl ending in // and a path starting with // join with exactly one / too (D8)",
		options: `{"url":"//x","baseUrl":"https://ghe.example.com/api/v3//"}`,
		want:    `{"method":"get","url":"https://ghe.example.com/api/v3/x","headers":{` + stdHeaders + `}}`},
	{name: "a full url that names no host is an error, not a path that D10's trim would make of it (D8, D10, D34)",
		route: "GET https://", err: CodeInvalidArgument},
	{name: "so is one whose host is empty before its path (D8, D34)",
		route: "GET https:///repos", err: CodeInvalidArgument},
	{name: "the query goes before the url's fragment, which is not sent (D35)",
		route: "GET /x{#section}", options: `{"section":"s","q":"1"}`,
		want: `{"method":"get","url":"https://api.github.com/x?q=1#s","headers":{` + stdHeaders + `}}`},
	{name: "a path without a leading / is joined with one / (D8)",
		route: "GET repos/{owner}", options: `{"owner":"o"}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o","headers":{` + stdHeaders + `}}`},
	{name: "baseUrl is not expanded (D8)",
		route: "GET /x", options: `{"baseUrl":"https://h.example/{a}","a":"1"}`,
		want: `{"method":"get","url":"https://h.example/{a}/x?a=1","headers":{` + stdHeaders + `}}`},
	{name: "one trailing / is removed after expansion (D10)",
		route: "GET /repos/{owner}/", options: `{"owner":"o"}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o","headers":{` + stdHeaders + `}}`},
	{name: "only one trailing / is removed (D10)",
		route: "GET https://example.com/a//",
		want:  `{"method":"get","url":"https://example.com/a/","headers":{` + stdHeaders + `}}`},
	{name: "the url / keeps its slash (D10)",
		route: "GET /",
		want:  `{"method":"get","url":"https://api.github.com/","headers":{` + stdHeaders + `}}`},
	{name: "a query already in the url is continued with & (D16)",
		route: "GET /search?x=1", options: `{"y":2}`,
		want: `{"method":"get","url":"https://api.github.com/search?x=1&y=2","headers":{` + stdHeaders + `}}`},

	// URI templates (D11-D14).
	{name: "an expression whose variables are undefined expands to nothing (D11)",
		route: "GET /repos/{owner}{/repo}{?a,b}", options: `{"owner":"o","a":null}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o","headers":{` + stdHeaders + `}}`},
	{name: "empty lists and objects are undefined (D11)",
		route: "GET /x{/l}{?o*}", options: `{"l":[],"o":{}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{` + stdHeaders + `}}`},
	{name: "an exploded object keeps its key order (D11, D12)",
		route: "GET /x{?filter*}", options: `{"filter":{"b":"1","a":"2 3"}}`,
		want: `{"method":"get","url":"https://api.github.com/x?b=1&a=2%203","headers":{` + stdHeaders + `}}`},
	{name: "form-style query expansion fills {?name,label} and data is the body (spec rule 6)",
		route:   "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
		options: `{"owner":"o","repo":"r","release_id":1,"name":"a b.zip","label":"A/B","data":"Hello","headers":{"content-type":"text/plain","content-length":5}}`,
		want:    `{"method":"post","url":"https://uploads.github.com/repos/o/r/releases/1/assets?name=a%20b.zip&label=A%2FB","headers":{` + stdHeaders + `,"content-type":"text/plain","content-length":5},"body":"Hello"}`},
	{name: "reserved expansion keeps reserved characters and %XX triplets (D11)",
		route: "GET /repos/o/r/contents/{+path}", options: `{"path":"a/b c%2Fd.md"}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o/r/contents/a/b%20c%2Fd.md","headers":{` + stdHeaders + `}}`},
	{name: "a prefix counts Unicode characters, not bytes (D11)",
		route: "GET /x/{v:2}", options: `{"v":"αβγ"}`,
		want: `{"method":"get","url":"https://api.github.com/x/%CE%B1%CE%B2","headers":{` + stdHeaders + `}}`},
	{name: "a variable used by the url is consumed whatever its modifier (D13)",
		route: "GET /x/{name:3}{?tags*}", options: `{"name":"abcdef","tags":["a","b"]}`,
		want: `{"method":"get","url":"https://api.github.com/x/abc?tags=a&tags=b","headers":{` + stdHeaders + `}}`},
	{name: "numbers are written as JavaScript's String(n) in the url and query (D12)",
		route: "GET /x/{a}/{b}/{c}", options: `{"a":1e21,"b":0.1,"c":-0,"d":1.50,"e":1e-7,"f":123456789012345678}`,
		want: `{"method":"get","url":"https://api.github.com/x/1e%2B21/0.1/0?d=1.5&e=1e-7&f=123456789012345680","headers":{` + stdHeaders + `}}`},
	{name: "bigints are written in decimal (D12)",
		route: "GET /x/{a}", options: `{"a":12345678901234567890n,"b":-5n}`,
		want: `{"method":"get","url":"https://api.github.com/x/12345678901234567890?b=-5","headers":{` + stdHeaders + `}}`},
	{name: "booleans are true and false, null in the url is undefined (D12)",
		route: "GET /x{/a,b}", options: `{"a":true,"b":null,"c":false}`,
		want: `{"method":"get","url":"https://api.github.com/x/true?c=false","headers":{` + stdHeaders + `}}`},
	{name: "template literals are encoded as RFC 6570 says (D11)",
		route: "GET /café/{x}", options: `{"x":"é"}`,
		want: `{"method":"get","url":"https://api.github.com/caf%C3%A9/%C3%A9","headers":{` + stdHeaders + `}}`},

	// Query strings (D16, D17).
	{name: "query keys and values are encoded as encodeURIComponent encodes them (D16)",
		route: "GET /x", options: `{"a b":"c&d=e/f?g!*'()~é"}`,
		want: `{"method":"get","url":"https://api.github.com/x?a%20b=c%26d%3De%2Ff%3Fg!*'()~%C3%A9","headers":{` + stdHeaders + `}}`},
	{name: "an array in the query is joined with , like String(array), then encoded (D16)",
		route: "GET /issues", options: `{"labels":["bug","help wanted",null,1,[2,3]]}`,
		want: `{"method":"get","url":"https://api.github.com/issues?labels=bug%2Chelp%20wanted%2C%2C1%2C2%2C3","headers":{` + stdHeaders + `}}`},
	{name: "null in the query is the text null (D16)",
		route: "GET /x", options: `{"a":null}`,
		want: `{"method":"get","url":"https://api.github.com/x?a=null","headers":{` + stdHeaders + `}}`},
	{name: "q keeps + as its separator (D17)",
		route: "GET /search/issues", options: `{"q":"repo:octokit/rest.js+is:open label:bug"}`,
		want: `{"method":"get","url":"https://api.github.com/search/issues?q=repo%3Aoctokit%2Frest.js+is%3Aopen%20label%3Abug","headers":{` + stdHeaders + `}}`},
	{name: "query keys come in key order, the defaults' first (D16)",
		defaults: `{"per_page":100,"sort":"updated"}`, route: "GET /x", options: `{"page":2,"sort":"created"}`,
		want: `{"method":"get","url":"https://api.github.com/x?per_page=100&sort=created&page=2","headers":{` + stdHeaders + `}}`},

	// Bodies and content-type (D18-D20).
	{name: "data is the body as given and the other parameters are not used (D19)",
		route: "POST /markdown/raw", options: `{"data":{"x":[1]},"mode":"gfm"}`,
		want: `{"method":"post","url":"https://api.github.com/markdown/raw","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"x":[1]}}`},
	{name: "data null is a body with the JSON content-type (D19, D20)",
		route: "PUT /x", options: `{"data":null}`,
		want: `{"method":"put","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":null}`},
	{name: "the caller's content-type wins in any case of its name (D20, D22)",
		route: "POST /x", options: `{"headers":{"Content-Type":"text/plain"},"data":"x"}`,
		want: `{"method":"post","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"text/plain"},"body":"x"}`},
	{name: "content-type null keeps the default out and is not sent (D20, D22)",
		route: "POST /x", options: `{"headers":{"content-type":null},"a":1}`,
		want: `{"method":"post","url":"https://api.github.com/x","headers":{` + stdHeaders + `},"body":{"a":1}}`},
	{name: "a null default header is not sent (D22)",
		defaults: `{"headers":{"user-agent":null}}`, route: "GET /x",
		want: `{"method":"get","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.v3+json"}}`},

	// Merging (D21, D22, spec rules 1-3).
	{name: "plain objects merge key by key with the defaults (D21)",
		defaults: `{"settings":{"a":1,"b":2}}`, route: "POST /x", options: `{"settings":{"b":3,"c":4}}`,
		want: `{"method":"post","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"settings":{"a":1,"b":3,"c":4}}}`},
	{name: "anything but two plain objects replaces (D21)",
		defaults: `{"a":{"x":1},"b":[1,2],"c":"s"}`, route: "POST /x", options: `{"a":"str","b":[3],"c":{"y":1}}`,
		want: `{"method":"post","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"a":"str","b":[3],"c":{"y":1}}}`},
	{name: "header names are lower-cased and the later of two spellings wins (D22)",
		route: "GET /x", options: `{"headers":{"X-Foo":"1","x-FOO":"2","X-Num":3,"X-Bool":true}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"x-foo":"2","x-num":3,"x-bool":true}}`},
	{name: "a passed accept or user-agent replaces the default (spec: default headers)",
		route: "GET /x", options: `{"headers":{"Accept":"text/html","User-Agent":"me"}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{"accept":"text/html","user-agent":"me"}}`},
	{name: "authorization passes through unchanged (spec: authentication, D23)",
		defaults: `{"headers":{"authorization":"token secret123"}}`, route: "GET /user",
		want: `{"method":"get","url":"https://api.github.com/user","headers":{` + stdHeaders + `,"authorization":"token secret123"}}`},

	// Media types (D24-D26).
	{name: "mediaType.format rewrites a vnd accept entry (D24)",
		route: "GET /repos/{owner}/{repo}/pulls/{n}", options: `{"owner":"o","repo":"r","n":1,"mediaType":{"format":"diff"}}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o/r/pulls/1","headers":{"accept":"application/vnd.github.v3.diff","user-agent":"UA"}}`},
	{name: "mediaType.format rewrites each vnd entry and keeps the others (D24)",
		route: "GET /x", options: `{"headers":{"accept":"application/vnd.github+json,text/html,application/vnd.github.v3.raw+json"},"mediaType":{"format":"html"}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.html,text/html,application/vnd.github.v3.html","user-agent":"UA"}}`},
	{name: "previews apply on any route, as application/vnd.github.<name>-preview+json (D25)",
		route: "GET /repos/{owner}/{repo}/topics", options: `{"owner":"o","repo":"r","mediaType":{"previews":["mercy"]}}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o/r/topics","headers":{"accept":"application/vnd.github.mercy-preview+json","user-agent":"UA"}}`},
	{name: "previews with a format take the format as suffix (D25)",
		route: "GET /x", options: `{"mediaType":{"previews":["a","b-preview"],"format":"raw"}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.a-preview.raw,application/vnd.github.b-preview.raw","user-agent":"UA"}}`},
	{name: "previews of the defaults come first, then the call's, without duplicates (spec rule 3, D25)",
		defaults: `{"mediaType":{"previews":["a","b"]}}`, route: "POST /graphql", options: `{"mediaType":{"previews":["c","a-preview"]},"query":"{ viewer { login } }"}`,
		want: `{"method":"post","url":"https://api.github.com/graphql","headers":{"accept":"application/vnd.github.a-preview+json,application/vnd.github.b-preview+json,application/vnd.github.c-preview+json","user-agent":"UA","content-type":"application/json; charset=utf-8"},"body":{"query":"{ viewer { login } }"}}`},
	{name: "a preview name is what comes before the last -preview of a run, as the reference's regular expression finds it (D25)",
		route: "GET /x", options: `{"headers":{"accept":"application/vnd.github.foo-preview-bar+json,application/vnd.github.a-preview-b-preview.v3+json"},"mediaType":{"previews":["x"]}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.foo-preview+json,application/vnd.github.a-preview-b-preview+json,application/vnd.github.x-preview+json","user-agent":"UA"}}`},
	{name: "previews keep the order they came in, names that are numbers too: a set, not an object's keys (D25)",
		route: "GET /x", options: `{"mediaType":{"previews":["b","2","1","2"]}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.b-preview+json,application/vnd.github.2-preview+json,application/vnd.github.1-preview+json","user-agent":"UA"}}`},
	{name: "previews named in accept are kept first (D25)",
		route: "GET /x", options: `{"headers":{"accept":"application/vnd.github.squirrel-girl-preview+json"},"mediaType":{"previews":["mercy","squirrel-girl"]}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.squirrel-girl-preview+json,application/vnd.github.mercy-preview+json","user-agent":"UA"}}`},
	{name: "an application/octet-stream accept is left alone (D26)",
		route: "GET /x", options: `{"headers":{"accept":"Application/Octet-Stream"},"mediaType":{"format":"raw","previews":["a"]}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{"accept":"Application/Octet-Stream","user-agent":"UA"}}`},

	// request (D27) and special keys (D30).
	{name: "request is returned as passed (spec: result object, D27)",
		route: "GET /x", options: `{"request":{"timeout":5,"retries":{"n":2}}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{` + stdHeaders + `},"request":{"timeout":5,"retries":{"n":2}}}`},
	{name: "request merges with the defaults' request like other plain objects (D27)",
		defaults: `{"request":{"timeout":5,"retries":{"n":2,"m":1}}}`, route: "GET /x", options: `{"request":{"retries":{"n":3}}}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{` + stdHeaders + `},"request":{"timeout":5,"retries":{"n":3,"m":1}}}`},
	{name: "a null request is not returned (D27)",
		route: "GET /x", options: `{"request":null}`,
		want: `{"method":"get","url":"https://api.github.com/x","headers":{` + stdHeaders + `}}`},
	{name: "__proto__, constructor and prototype keys are ordinary parameters (D30)",
		route: "POST /x", options: `{"__proto__":{"polluted":1},"constructor":"c","prototype":2}`,
		want: `{"method":"post","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"__proto__":{"polluted":1},"constructor":"c","prototype":2}}`},
	{name: "a lone surrogate in a body value is kept (D12 refuses it only in the url)",
		route: "POST /x", options: `{"a":"\ud800x"}`,
		want: `{"method":"post","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"a":"\ud800x"}}`},

	// Errors (D4, D6-D8, D11, D12, D14, D16, D19, D22, D28).
	{name: "an unsupported method in the route is ERR_UNSUPPORTED_METHOD (D4, D6)", route: "TRACE /x", err: CodeUnsupportedMethod},
	{name: "an unsupported options.method is ERR_UNSUPPORTED_METHOD (D4)", options: `{"method":"CONNECT","url":"/x"}`, err: CodeUnsupportedMethod},
	{name: "a method that is not a string is ERR_UNSUPPORTED_METHOD (D4)", options: `{"method":1,"url":"/x"}`, err: CodeUnsupportedMethod},
	{name: "a route method that is not letters only is ERR_INVALID_ROUTE (D6)", route: "G3T /x", err: CodeInvalidRoute},
	{name: "a route of three words is ERR_INVALID_ROUTE (D6)", route: "GET /x extra", err: CodeInvalidRoute},
	{name: "no url at all is ERR_MISSING_URL (D7)", options: `{"method":"GET"}`, err: CodeMissingURL},
	{name: "an empty url is ERR_MISSING_URL (D7)", options: `{"url":""}`, err: CodeMissingURL},
	{name: "a url that is not a string is ERR_INVALID_ARGUMENT (D28)", options: `{"url":["/x"]}`, err: CodeInvalidArgument},
	{name: "a relative url without baseUrl is ERR_INVALID_ARGUMENT (D8)", route: "GET /x", options: `{"baseUrl":null}`, err: CodeInvalidArgument},
	{name: "an unbalanced brace is ERR_INVALID_TEMPLATE (D14)", route: "GET /x/{y", err: CodeInvalidTemplate},
	{name: "an empty expression is ERR_INVALID_TEMPLATE (D14)", route: "GET /x/{}", err: CodeInvalidTemplate},
	{name: "an invalid variable name is ERR_INVALID_TEMPLATE (D14)", route: "GET /x/{a&b}", err: CodeInvalidTemplate},
	{name: "a variable name may hold a hyphen, as GitHub's {enterprise-team} does (D14)",
		route: "GET /enterprises/{enterprise}/teams/{enterprise-team}", options: `{"enterprise":"e","enterprise-team":"t 1"}`,
		want: `{"method":"get","url":"https://api.github.com/enterprises/e/teams/t%201","headers":{` + stdHeaders + `}}`},
	{name: "a prefix on a list is ERR_INVALID_PARAMETER (D11)", route: "GET /x/{l:1}", options: `{"l":["a"]}`, err: CodeInvalidParameter},
	{name: "a lone surrogate bound for the url is ERR_INVALID_PARAMETER (D12)", route: "GET /x/{a}", options: `{"a":"\udc00"}`, err: CodeInvalidParameter},
	{name: "a lone surrogate bound for the query is ERR_INVALID_PARAMETER (D12)", route: "GET /x", options: `{"a":"\ud800"}`, err: CodeInvalidParameter},
	{name: "a lone surrogate after ASCII text in a search q is ERR_INVALID_PARAMETER (D12, D17)", route: "GET /search/issues", options: `{"q":"tetris language:assembly \udc00+x"}`, err: CodeInvalidParameter},
	{name: "a lone surrogate in a query list member is ERR_INVALID_PARAMETER (D12)", route: "GET /x", options: `{"a":["ok","é","\ud800"]}`, err: CodeInvalidParameter},
	{name: "an object in the query is ERR_INVALID_PARAMETER (D16)", route: "GET /x", options: `{"a":{"b":1}}`, err: CodeInvalidParameter},
	{name: "an array holding an object in the query is ERR_INVALID_PARAMETER (D16)", route: "GET /x", options: `{"a":[{"b":1}]}`, err: CodeInvalidParameter},
	{name: "a nested object in the url is ERR_INVALID_PARAMETER (D11)", route: "GET /x{?a*}", options: `{"a":{"b":{"c":1}}}`, err: CodeInvalidParameter},
	{name: "data on a GET is ERR_BODY_NOT_ALLOWED (D19)", route: "GET /x", options: `{"data":"x"}`, err: CodeBodyNotAllowed},
	{name: "a header value with CR or LF is ERR_INVALID_HEADER (D22)", route: "GET /x", options: `{"headers":{"x":"a\r\nInjected: 1"}}`, err: CodeInvalidHeader},
	{name: "a header name that is not a token is ERR_INVALID_HEADER (D22)", route: "GET /x", options: `{"headers":{"bad name":"1"}}`, err: CodeInvalidHeader},
	{name: "a header value that is an object is ERR_INVALID_HEADER (D22)", route: "GET /x", options: `{"headers":{"x":{}}}`, err: CodeInvalidHeader},
	{name: "headers that are not an object are ERR_INVALID_ARGUMENT (D28)", route: "GET /x", options: `{"headers":"accept: x"}`, err: CodeInvalidArgument},
	{name: "mediaType.previews that is not an array of strings is ERR_INVALID_ARGUMENT (D28)", route: "GET /x", options: `{"mediaType":{"previews":"a"}}`, err: CodeInvalidArgument},
	{name: "mediaType.format that is not a string is ERR_INVALID_ARGUMENT (D28)", route: "GET /x", options: `{"mediaType":{"format":1}}`, err: CodeInvalidArgument},
}

// TestEndpoint runs each case as whereCase.run does: the whole result or
// the error's code, and the same from parse(merge()) (spec rule 6).
func TestEndpoint(t *testing.T) {
	for _, c := range endpointCases {
		w := whereCase{route: c.route, options: c.options, want: c.want, err: c.err}
		if c.defaults != "" {
			w.layers = []string{c.defaults}
		}
		t.Run(c.name, w.run)
	}
}

func TestHeaderErrorsNeverQuoteTheValue(t *testing.T) { // D23
	_, err := Endpoint("GET /x", obj(t, `{"headers":{"authorization":"token s3cr3t\n"}}`))
	if codeOf(err) != CodeInvalidHeader || strings.Contains(err.Error(), "s3cr3t") {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(err.Error(), "headers.authorization") {
		t.Errorf("message %q does not name the field", err)
	}
}

func TestTemplateErrorNamesTheTemplateAndOffset(t *testing.T) { // D14
	_, err := Endpoint("GET /orgs/:org/x/{a", nil)
	if got, want := err.Error(), `endpoint: url: unclosed '{' at offset 13 in "/orgs/:org/x/{a"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
