// Types of endpoint-wasm, written for this package: the method of a result
// is lower case (D3), which @octokit/types does not describe.

/** A supported method, in the lower case of a result (D3, D4). */
export type Method = "get" | "head" | "post" | "put" | "patch" | "delete";

/** "METHOD url", or a url alone (GET), e.g. "GET /repos/{owner}/{repo}". */
export type Route = string;

/** A header value; null in options means "do not send this header" (D22). */
export type HeaderValue = string | number | boolean;

/** The options of a call or of .defaults(). Other keys are parameters. */
export interface EndpointOptions {
  method?: string;
  url?: string;
  baseUrl?: string;
  headers?: { [name: string]: HeaderValue | null | undefined };
  mediaType?: { format?: string; previews?: readonly string[] };
  /** The request body as given, by reference (D19). */
  data?: unknown;
  /** Caller meta information, returned with the result (D27). */
  request?: { [key: string]: unknown };
  [parameter: string]: unknown;
}

/** What merge() returns and parse() takes. */
export interface MergedOptions extends EndpointOptions {
  method: string;
  baseUrl: string;
  headers: { [name: string]: HeaderValue | null };
  mediaType: { format: string; previews: string[] };
}

/** The result of endpoint() and parse(): request options for any HTTP client. */
export interface RequestOptions {
  method: Method;
  url: string;
  headers: { [name: string]: HeaderValue };
  body?: unknown;
  request?: { [key: string]: unknown };
}

/** The callable endpoint with its helpers. */
export interface Endpoint {
  (route: Route, options?: EndpointOptions): RequestOptions;
  (options: EndpointOptions & { url: string }): RequestOptions;
  /** A copy of the defaults in force (D2). */
  readonly DEFAULTS: MergedOptions;
  /** A new endpoint with options layered over these defaults. */
  defaults(options: EndpointOptions): Endpoint;
  merge(route: Route, options?: EndpointOptions): MergedOptions;
  merge(options: EndpointOptions): MergedOptions;
  parse(options: MergedOptions): RequestOptions;
}

/** The codes of EndpointError (D28). */
export type ErrorCode =
  | "ERR_INVALID_ARGUMENT" | "ERR_INVALID_ROUTE" | "ERR_UNSUPPORTED_METHOD" | "ERR_MISSING_URL"
  | "ERR_INVALID_TEMPLATE" | "ERR_INVALID_PARAMETER" | "ERR_BODY_NOT_ALLOWED" | "ERR_INVALID_HEADER"
  | "ERR_NOT_INITIALIZED" | "ERR_WASM_LOAD" | "ERR_INTERNAL";

/** Thrown for bad input; the message starts with "endpoint: ". */
export declare class EndpointError extends TypeError {
  readonly code: ErrorCode;
  /** The option at fault, e.g. "route" or "headers.accept". */
  readonly field: string;
}

/** The second argument of fetch(). */
export interface FetchInit {
  method: string;
  headers: { [name: string]: HeaderValue };
  body?: any;
  signal?: any;
}

/** Request options as fetch(url, init) arguments, the method upper-cased (D5). */
export declare function toFetch(options: RequestOptions): [url: string, init: FetchInit];

/** endpoint with the global defaults. In browsers it throws ERR_NOT_INITIALIZED until `ready` resolves. */
export declare const endpoint: Endpoint;

/** Resolves to `endpoint` once endpoint.wasm runs; rejects with an EndpointError (ERR_WASM_LOAD) saying why it could not load. */
export declare const ready: Promise<Endpoint>;
