// Shared by the HTTP tests: addresses of the running stack, users with real tokens, request helpers.
import assert from "node:assert/strict";
import postgres from "postgres";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { type LocalKey, mintAccessToken } from "../scripts/local/keys.ts";
import { ensureUser } from "../scripts/local/users.ts";
// Agent requests are built as the benchmarks build them.
export { mcpToolCall } from "../scripts/lib/mcp.ts";

function need(name: string): string {
  const v = Deno.env.get(name);
  if (!v) throw new Error(`${name} is not set: run the tests with \`npm test\``);
  return v;
}

export const GATEWAY = Deno.env.get("TEST_GATEWAY_URL") ?? "";
export const ROOT_URL = `${GATEWAY}/functions/v1`;
export const BASE_URL = `${ROOT_URL}/v1`;
export const ISSUER = `${GATEWAY}/auth/v1`;
/** HTTP tests need the stack `npm test` starts; alone (deno test) they are skipped. */
export const NO_STACK = !GATEWAY;

let sqlClient: postgres.Sql | undefined;
/** The `postgres` role, as the functions connect. */
export function db(): postgres.Sql {
  sqlClient ??= postgres(need("SUPABASE_DB_URL"), { prepare: false, max: 4, onnotice: () => {} });
  return sqlClient;
}

/** Sets a setting of the stack under test; null removes it, so the code's default applies. */
export async function setting(key: string, value: string | null): Promise<void> {
  if (value === null) await db()`delete from private.settings where key = ${key}`;
  else await db()`select private.set_setting(${key}, ${value})`;
}

/** A setting's current value, null when it is unset. */
export async function settingValue(key: string): Promise<string | null> {
  return (await db()`select private.setting(${key}) as value`)[0].value;
}

/** Runs `fn` with a setting changed (null: unset), then gives the setting back its value. */
export async function withSetting<T>(key: string, value: string | null, fn: () => Promise<T>): Promise<T> {
  const before = await settingValue(key);
  await setting(key, value);
  try {
    return await fn();
  } finally {
    await setting(key, before);
  }
}

let key: LocalKey | undefined;
export async function localKey(): Promise<LocalKey> {
  key ??= JSON.parse(await Deno.readTextFile(need("TEST_LOCAL_KEY")));
  return key!;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A fresh user (unique e-mail) with a valid access token. */
export async function newUser(label = "user"): Promise<TestUser> {
  const email = `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await ensureUser(db(), email);
  return { ...user, token: await mintAccessToken(await localKey(), ISSUER, user) };
}

/** A token for `user` with other claims or options: expired, another issuer, and so on. */
export async function tokenFor(
  user: { id: string; email: string },
  opts: { expiresIn?: string | number } = {},
) {
  return await mintAccessToken(await localKey(), ISSUER, user, opts);
}

/** A well-formed ES256 token signed by a key the service does not trust. */
export async function foreignToken(user: { id: string; email: string }) {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = await exportJWK(publicKey);
  return await new SignJWT({ email: user.email, role: "authenticated", scope: "email" })
    .setProtectedHeader({ alg: "ES256", kid: (await localKey()).publicJwk.kid ?? jwk.kid ?? "k" })
    .setIssuer(ISSUER).setAudience("authenticated").setSubject(user.id).setIssuedAt().setExpirationTime("1h")
    .sign(privateKey);
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ApiOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  base?: string;
}

/**
 * Calls the API; `body` objects are sent as JSON, strings, FormData and bytes as they are. Redirects are
 * answers of their own (the documented 302s), not followed.
 */
export function api<T = Record<string, unknown>>(method: string, path: string, opts: ApiOptions = {}) {
  const base = opts.base ?? BASE_URL;
  return send<T>(
    (req) =>
      fetch(req, { signal: AbortSignal.timeout(API_TIMEOUT_MS), redirect: "manual" }).catch((e) => {
        throw new Error(`${method} ${path}: no answer (${e})`);
      }),
    base,
    method,
    path,
    opts,
    base === BASE_URL,
  );
}

// A request the service never answers fails its own test, naming itself, instead of holding the whole run. The
// limit is above the longest answer the service holds open by design: a job's event stream ends by itself after
// JOB_EVENTS_MAX_SECONDS (120 s by default) and a client that aborted at the same moment would race it.
const API_TIMEOUT_MS = 180_000;

/**
 * The same calls against an app built in the test process (other adapters, faults injected), recorded
 * for the contract check like calls over the gateway.
 */
export function inProcessApi(app: { fetch(req: Request): Response | Promise<Response> }) {
  return <T = Record<string, unknown>>(method: string, path: string, opts: ApiOptions = {}) =>
    send<T>(async (req) => await app.fetch(req), "http://localhost/v1", method, path, opts, true);
}

async function send<T>(
  transport: (req: Request) => Promise<Response>,
  base: string,
  method: string,
  path: string,
  opts: ApiOptions,
  recorded: boolean,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === "string" || opts.body instanceof Uint8Array) {
    body = opts.body as BodyInit;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await transport(new Request(`${base}${path}`, { method, headers, body }));
  const text = await res.text();
  if (recorded) record(method, path, res, text);
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

const RECORD_FILE = Deno.env.get("TEST_RECORD_FILE");

/**
 * Every answer of the API the tests receive goes to the record file (one JSON line each), for the run's
 * contract check: each response must match the served document and each documented status must occur.
 */
export function record(method: string, path: string, res: Response, text: string) {
  if (!RECORD_FILE) return;
  const line = JSON.stringify({
    method: method.toUpperCase(),
    path: new URL(path, "http://x").pathname,
    status: res.status,
    contentType: res.headers.get("content-type"),
    body: text,
  });
  Deno.writeTextFileSync(RECORD_FILE, line + "\n", { append: true });
}

/** Asserts the contract's error shape and returns the code. */
export function errorCode(res: ApiResponse): string {
  const b = res.body as { code?: unknown; message?: unknown };
  if (typeof b?.code !== "string" || typeof b?.message !== "string") {
    throw new Error(`not an error body (${res.status}): ${res.text.slice(0, 200)}`);
  }
  return b.code;
}

/** Asserts the status and, when given, the error code of an error response. */
export function expectError(res: ApiResponse, status: number, code?: string) {
  if (res.status !== status) {
    throw new Error(`expected ${status}, got ${res.status}: ${res.text.slice(0, 300)}`);
  }
  const actual = errorCode(res);
  if (code && actual !== code) throw new Error(`expected code ${code}, got ${actual}`);
}

export const PNG_1x1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

export function imageForm(
  bytes: Uint8Array,
  name = "avatar.png",
  type = "image/png",
  field = "file",
): FormData {
  const form = new FormData();
  form.append(field, new Blob([bytes as BlobPart], { type }), name);
  return form;
}

export interface ProjectBody {
  id: number;
  name: string;
  description: string;
  icon_url: string | null;
  shared: boolean;
  created_at: string;
  updated_at: string;
  author: { id: string; username: string };
}

/** A project created over the API; fails the test unless it is a 201. */
export async function newProject(
  user: TestUser,
  body: { name?: string; description?: string; shared?: boolean } = {},
): Promise<ProjectBody> {
  const res = await api<ProjectBody>("POST", "/projects", {
    token: user.token,
    body: { name: `Project ${crypto.randomUUID().slice(0, 6)}`, ...body },
  });
  if (res.status !== 201) throw new Error(`POST /projects: ${res.status} ${res.text.slice(0, 200)}`);
  return res.body;
}

export interface DocumentedOperation {
  method: string;
  /** The path template, such as `/projects/{projectId}`. */
  template: string;
  /** The path parameters and their schemas, in template order. */
  params: { name: string; schema: IdSchema }[];
  secured: boolean;
  /** Media types of the request body. */
  bodyTypes: string[];
  /** Documented statuses, `default` included. */
  statuses: string[];
}

export interface IdSchema {
  type?: string;
  format?: string;
  example?: unknown;
}

type OpenApiOperation = {
  security?: unknown[];
  parameters?: { name: string; in: string; schema: IdSchema }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};

/** Every operation of the served /openapi.json, so tests over all routes follow the document. */
export async function documentedOperations(): Promise<DocumentedOperation[]> {
  const doc = (await api<{ paths: Record<string, Record<string, OpenApiOperation>> }>("GET", "/openapi.json"))
    .body;
  return Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).filter(([m]) => ["get", "put", "post", "patch", "delete"].includes(m)).map((
      [method, op],
    ) => ({
      method: method.toUpperCase(),
      template,
      params: (op.parameters ?? []).filter((p) => p.in === "path").map(({ name, schema }) => ({
        name,
        schema,
      })),
      secured: (op.security ?? []).length > 0,
      bodyTypes: Object.keys(op.requestBody?.content ?? {}),
      statuses: Object.keys(op.responses),
    }))
  );
}

/** An id of the documented shape that names nothing: no row ever gets it. */
export function unusedId(schema: IdSchema): string {
  // Identity columns count up from 1; 2^52 is never reached in a test run.
  if (schema.type === "integer") return String(2 ** 52);
  if (schema.format === "uuid") return crypto.randomUUID();
  // Otherwise the documented example's shape, its placeholder run replaced by fresh characters.
  if (typeof schema.example === "string" && /x{8,}/.test(schema.example)) {
    return schema.example.replace(
      /x{8,}/,
      (run) => crypto.randomUUID().replaceAll("-", "").slice(0, run.length),
    );
  }
  throw new Error(`no id shape known for ${JSON.stringify(schema)}`);
}

/** `template` with each `{name}` replaced by `ids[name]`, percent-encoded. */
export function fillPath(template: string, ids: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in ids)) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(ids[name]);
  });
}

/** The operation's path with ids that name nothing, except those `override` gives. */
export function unusedPath(op: DocumentedOperation, override: Record<string, string> = {}): string {
  return fillPath(op.template, {
    ...Object.fromEntries(op.params.map((p) => [p.name, unusedId(p.schema)])),
    ...override,
  });
}

/** One JSON-RPC message POSTed to {root_url}/mcp as `user`, as a Streamable HTTP client sends it. */
export function mcpPost(user: { token: string }, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${ROOT_URL}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${user.token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

export interface RawAnswer {
  status: number;
  body: string;
  /** Body bytes written before the answer came (or the connection closed). */
  sent: number;
}

/**
 * One HTTP/1.1 request over a plain socket, which fetch cannot make: a declared Content-Length the body
 * never reaches, a chunked body of `total` bytes written until the server answers, or a method fetch
 * refuses (TRACE). The server's answer ends the writing, so a refused body is never sent whole.
 */
export async function rawRequest(
  method: string,
  url: string,
  opts: { headers?: Record<string, string>; total?: number; chunked?: boolean } = {},
): Promise<RawAnswer> {
  const u = new URL(url);
  const conn = await Deno.connect({ hostname: u.hostname, port: Number(u.port) });
  const headers: Record<string, string> = { host: u.host, connection: "close", ...opts.headers };
  if (opts.chunked) headers["transfer-encoding"] = "chunked";
  const head = `${method} ${u.pathname}${u.search} HTTP/1.1\r\n` +
    Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("") + "\r\n";
  const encoder = new TextEncoder();
  let answered = false;
  let sent = 0;
  // Reads until the answer is complete (the server may keep the connection open for the unread body).
  const reading = (async () => {
    let text = "";
    const buf = new Uint8Array(64 * 1024);
    const decoder = new TextDecoder();
    while (!answerComplete(text)) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      text += decoder.decode(buf.subarray(0, n), { stream: true });
      answered = true;
    }
    return text;
  })();
  // Deno.Conn.write may take only part of a buffer: a partial frame would break the chunked framing.
  const writeAll = async (bytes: Uint8Array) => {
    for (let offset = 0; offset < bytes.length;) offset += await conn.write(bytes.subarray(offset));
  };
  // A server that answers and closes mid-body makes the next write fail: that failure is the point, and
  // is caught at once, before the reading ends, so it is never an unhandled rejection.
  const writing = (async () => {
    await writeAll(encoder.encode(head));
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const frame = opts.chunked
      ? new Uint8Array([...encoder.encode(`${chunk.length.toString(16)}\r\n`), ...chunk, 13, 10])
      : chunk;
    while (sent < (opts.total ?? 0) && !answered) {
      await writeAll(frame);
      sent += chunk.length;
    }
    if (opts.chunked && !answered) await writeAll(encoder.encode("0\r\n\r\n"));
  })().catch(() => {});
  const text = await reading;
  // A server that stopped reading leaves a write pending: closing ends it.
  conn.close();
  await writing;
  const [statusLine, ...rest] = text.split("\r\n");
  const body = rest.join("\r\n").split("\r\n\r\n").slice(1).join("\r\n\r\n");
  return { status: Number(statusLine.split(" ")[1]), body, sent };
}

/**
 * A request written on its own socket whose answer is never read, as a client that stopped reading (or a
 * deliberately slow one) leaves it: the server's writes fill the socket's buffers and then wait.
 */
export async function unreadRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Deno.TcpConn> {
  const u = new URL(url);
  const conn = await Deno.connect({ hostname: u.hostname, port: Number(u.port) });
  const body = new TextEncoder().encode(opts.body ?? "");
  const headers: Record<string, string> = { host: u.host, ...opts.headers };
  if (opts.body !== undefined) headers["content-length"] = String(body.length);
  const head = `${opts.method ?? "GET"} ${u.pathname}${u.search} HTTP/1.1\r\n` +
    Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("") + "\r\n";
  const bytes = new Uint8Array([...new TextEncoder().encode(head), ...body]);
  for (let offset = 0; offset < bytes.length;) offset += await conn.write(bytes.subarray(offset));
  return conn;
}

/** Reads what a socket still delivers until the server closes it: the status and whether the answer is whole. */
export async function drainAnswer(conn: Deno.Conn): Promise<{ status: number; complete: boolean }> {
  const parts: Uint8Array[] = [];
  const buf = new Uint8Array(1024 * 1024);
  while (true) {
    const n = await conn.read(buf).catch(() => null);
    if (n === null) break;
    parts.push(buf.slice(0, n));
  }
  conn.close();
  const text = await new Blob(parts as BlobPart[]).text();
  return { status: Number(text.split(" ")[1]), complete: answerComplete(text) };
}

/** Whether `text` holds a whole HTTP answer: its head, then its Content-Length or its last chunk. */
function answerComplete(text: string): boolean {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = text.slice(0, end).toLowerCase();
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) return new TextEncoder().encode(text.slice(end + 4)).length >= Number(length[1]);
  if (head.includes("transfer-encoding: chunked")) return text.endsWith("0\r\n\r\n");
  return false;
}

/** The JSON error object inside a raw answer (chunked framing or not). */
export function errorOf(answer: RawAnswer): { code: string; details?: Record<string, unknown> } {
  const json = /\{.*\}/s.exec(answer.body)?.[0];
  assert.ok(json, `no JSON body in ${answer.body.slice(0, 200)}`);
  return JSON.parse(json);
}

/** Creates a job that stays queued: no runner is configured while it is created (pg_cron sends it later). */
export async function queuedJob<T = { id: string; status: string }>(
  user: TestUser,
  prompt = "a habit tracker app",
): Promise<T> {
  return await withSetting("runner_url", null, async () => {
    const res = await api<T>("POST", "/jobs", {
      token: user.token,
      body: { type: "prompt", input: { prompt } },
    });
    if (res.status !== 202) throw new Error(`POST /jobs: ${res.status} ${res.text}`);
    return res.body;
  });
}

/** A job that stays running: inserted as a runner had claimed it, with no runner and no lease to end it. */
export async function runningJob(user: TestUser): Promise<string> {
  const [job] = await db()`insert into public.jobs (user_id, status, input, started_at)
    values (${user.id}, 'running', '{"prompt": "p", "model": "light", "appName": "A"}', now())
    returning id`;
  return job.id;
}

export const TERMINAL_JOB_STATUSES = ["succeeded", "failed", "canceled"];

/** Polls the job as a client would until it reaches one of `statuses`. */
export async function waitForJob<T extends { status: string }>(
  user: TestUser,
  id: string,
  statuses = TERMINAL_JOB_STATUSES,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let job: T | undefined;
  while (Date.now() < deadline) {
    job = (await api<T>("GET", `/jobs/${id}`, { token: user.token })).body;
    if (statuses.includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} is still ${job?.status} after ${timeoutMs} ms`);
}

/** The job's event stream read to its end, reconnecting with Last-Event-ID after each stream's time limit. */
export async function jobEvents(user: TestUser, jobId: string) {
  const events: { id: string; type: string; data: Record<string, unknown> }[] = [];
  for (let stream = 0; stream < 30; stream++) {
    const res = await api("GET", `/jobs/${jobId}/events`, {
      token: user.token,
      headers: events.length ? { "Last-Event-ID": events.at(-1)!.id } : {},
    });
    assert.equal(res.status, 200, res.text);
    for (const block of res.text.split("\n\n")) {
      const field = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(block)?.[1];
      if (field("id")) {
        events.push({ id: field("id")!, type: field("event")!, data: JSON.parse(field("data")!) });
      }
    }
    // A stream that ends on its time limit says so in a comment; one that ends done does not.
    if (!res.text.includes(": time limit reached")) return events;
  }
  throw new Error(`the events of job ${jobId} did not end`);
}

/** Waits until `ready` holds (each check after the event loop has run), failing after `tries` checks. */
export async function until(ready: () => boolean, what: string, tries = 3000) {
  for (let i = 0; !ready(); i++) {
    assert.ok(i < tries, `never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A server on a free loopback port that accepts connections and never answers, like a stalled upstream. */
export function silentServer() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) held.push(conn);
  })();
  return {
    url: `http://127.0.0.1:${listener.addr.port}`,
    /** The connections accepted so far. */
    held,
    async close() {
      listener.close();
      await accepting;
      for (const conn of held) conn.close();
    },
  };
}

/** The code of every fenced block right after the comment `<!-- <marker> -->` in a Markdown text, in order. */
export function markedBlocks(markdown: string, marker: string): string[] {
  const marked = new RegExp(`<!-- ${marker} -->\\s*\`\`\`[a-z]*\\n([\\s\\S]*?)\\n\`\`\``, "g");
  return [...markdown.matchAll(marked)].map((m) => m[1]);
}
