// Property-based fuzzing of every operation the served /openapi.json documents: its path and query
// parameters, headers and request bodies get wrong types, missing and extra fields, huge and hostile strings,
// extreme numbers, malformed JSON, wrong content types and empty bodies. The only acceptable answers are the
// operation's documented statuses in the documented media type (errors in the contract's shape); a 500, an
// undocumented status, a non-JSON body or a request that hangs fails with the input and the seed.
// Integrations the stack leaves unconfigured (503 `*_not_configured`) are fuzzed again in-process against
// the stand-ins, so their validation and upstream handling are reached too.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  api,
  type ApiOptions,
  type ApiResponse,
  db,
  documentedOperations,
  expectError,
  newProject,
  newUser,
  NO_STACK,
  ROOT_URL,
  type TestUser,
  unusedPath,
} from "./helpers.ts";
import { DEFAULT_BODY_LIMIT } from "../supabase/functions/_shared/body-limit.ts";
import { LIMITS } from "../supabase/functions/_contract/limits.gen.ts";
import { withIntegrations } from "./integration_stand_ins.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? Math.floor(Math.random() * 2 ** 31));
const REPRODUCE = `FUZZ_SEED=${SEED} to reproduce`;
const RUNS_PER_OPERATION = 40;
/** Over the gateway, then in-process for the integrations the stack does not configure. */
const BUDGET_MS = { gateway: 65_000, configured: 25_000 };
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 100_000;
const MAX_URL_VALUE_BYTES = 8_192;
/** Operations that end the caller's account: each run gets a throw-away user. */
const ENDS_THE_CALLER = new Set(["DELETE /me"]);
const RUNS_ENDING_THE_CALLER = 5;

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  schema: Schema;
}

interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Target {
  key: string;
  method: string;
  template: string;
  op: Operation;
  secured: boolean;
  /** Public and signature-verified: every random, unsigned delivery must be a 400. */
  webhook: boolean;
}

/** What one run sends; printed as it is when the answer breaks the contract. */
interface FuzzInput {
  auth: "fuzz user" | "none" | "garbage";
  garbageToken: string;
  pathValues: string[];
  query: [string, string][];
  headers: Record<string, string>;
  body: {
    kind: string;
    contentType?: string;
    payload?: string | Uint8Array | [string, string | Uint8Array][];
  };
}

type Call = (method: string, path: string, opts: ApiOptions) => Promise<ApiResponse>;

/** Ids routes are pointed at besides random ones: the fuzz user's projects and notifications, and users. */
interface Pool {
  ints: number[];
  uuids: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** Characters that break naive handling: astral, RTL override, combining marks, BOM, NUL, controls. */
const AWKWARD = [
  "a",
  "é",
  "𝕏",
  "🧪",
  "👩‍👩‍👧",
  "\u202E",
  "\u0301",
  "\uFEFF",
  "\u0000",
  "\n",
  "\t",
  "'",
  '"',
  "%",
  "\\",
];

/** One character repeated up to `maxBytes` of its encoded form. */
const huge = (maxBytes: number, encodedLength: (s: string) => number) =>
  fc.tuple(fc.constantFrom(...AWKWARD), fc.integer({ min: 1, max: maxBytes }))
    .map(([c, n]) => c.repeat(Math.max(1, Math.floor(n / encodedLength(c)))));

const SPECIAL_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "e\u0301\u0301\u0301\u0301",
  "𝕏🧪👩‍👩‍👧",
  "\uFEFF",
  "null",
  "undefined",
  "true",
  "NaN",
  "-0",
  "Infinity",
  "1e308",
  "-1e308",
  "9007199254740992",
  "9007199254740993",
  "-9007199254740993",
  "18446744073709551616",
  "0x10",
  "1.5",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "not-a-uuid",
  "2026-13-45T25:61:61Z",
  "0000-00-00",
  "'; select pg_sleep(30); --",
  "../../../etc/passwd",
  "%00",
  "%zz",
  "{}",
  "[]",
  "<script>alert(1)</script>",
  "a.b.c",
  "Bearer",
];

function nastyString(maxBytes: number, encodedLength: (s: string) => number) {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 4 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
    { arbitrary: huge(maxBytes, encodedLength), weight: 1 },
  );
}

const nastyNumber = fc.oneof(
  fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 53 + 2, 1e308, -1e308, -0, 0, -1, 1.5, 5e-324, 2 ** 31, 2 ** 63),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

// Measured as JSON (NUL escapes to six bytes), a quarter each, so a body of a few such fields stays bounded.
const bodyString = nastyString(MAX_BODY_BYTES / 4, (s) => utf8Length(JSON.stringify(s)) - 2);
// A lone surrogate survives JSON (as an escape) but no text column.
const bodyScalar = fc.oneof(bodyString, fc.constant("\uD800x"), nastyNumber, fc.boolean(), fc.constant(null));
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: bodyScalar, weight: 6 },
  { arbitrary: fc.array(bodyScalar, { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), bodyScalar, { maxKeys: 4 }), weight: 1 },
);

const urlLength = (s: string) => encodeURIComponent(s).length;
const urlString = nastyString(MAX_URL_VALUE_BYTES, urlLength);

// ---------------------------------------------------------------------------------------------------------
// Values that follow the document's schemas (so some requests get past validation)

function resolve(doc: Document, s: Schema): Schema {
  let out = s;
  while (out.$ref) out = doc.components?.schemas?.[out.$ref.split("/").pop()!] ?? {};
  return out;
}

function conforming(doc: Document, raw: Schema, pool: Pool, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, raw);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  // An object whose alternatives only say which of its properties are required (one of a pair, …).
  if (alternatives && s.properties) {
    return fc.oneof(...alternatives.map((a) =>
      conforming(
        doc,
        {
          ...s,
          anyOf: undefined,
          oneOf: undefined,
          required: [...s.required ?? [], ...resolve(doc, a).required ?? []],
        },
        pool,
        depth,
      )
    ));
  }
  if (alternatives) return fc.oneof(...alternatives.map((a) => conforming(doc, a, pool, depth)));
  if (s.allOf) return conforming(doc, s.allOf[0], pool, depth);
  if (Array.isArray(s.type)) {
    return fc.oneof(...s.type.map((type) => conforming(doc, { ...s, type }, pool, depth)));
  }
  const limited = (n: number | undefined, cap: number) => Math.min(n ?? cap, cap);
  switch (s.type) {
    case "string":
      if (s.format === "uuid") return fc.oneof(fc.constantFrom(...pool.uuids), fc.uuid());
      if (s.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === "date") {
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      }
      if (s.format === "uri" || s.format === "url") return fc.webUrl();
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern, "u"));
      return fc.string({ minLength: s.minLength ?? 0, maxLength: limited(s.maxLength, 40) })
        .filter((v) => v.length >= (s.minLength ?? 0));
    case "integer": {
      const range = fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1_000_000 });
      return s.format === "int64" ? fc.oneof(fc.constantFrom(...pool.ints), range) : range;
    }
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return depth > 3 ? fc.constant([]) : fc.array(conforming(doc, s.items ?? {}, pool, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, limited(s.maxItems, 3)),
      });
    case "object": {
      if (depth > 3 || !s.properties) return fc.constant({});
      const props = Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => [k, conforming(doc, v, pool, depth + 1)]),
      );
      return fc.record(props, { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Mutation = { drop: number } | { set: number; value: unknown } | { add: string; value: unknown };

/** A conforming object with some fields dropped, retyped or added. */
function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({ drop: fc.nat() }),
    fc.record({ set: fc.nat(), value: wrongValue }),
    fc.record({
      add: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "user_id", "id")),
      value: wrongValue,
    }),
  );
  return fc.tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, mutations]) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...value };
    for (const m of mutations) {
      const keys = Object.keys(out);
      if ("add" in m) {
        Object.defineProperty(out, m.add, {
          value: m.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else if (keys.length === 0) continue;
      else if ("drop" in m) delete out[keys[m.drop % keys.length]];
      else out[keys[m.set % keys.length]] = m.value;
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Requests

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON"];
const MALFORMED_JSON = [
  "{",
  '{"a":}',
  "[1,2",
  "{'a': 1}",
  "nul",
  '{"a":1}}',
  "\u0000",
  '"\uD800"',
  "NaN",
  "1e99999",
];

/** A small form: named fields (the schema's and random ones) holding text or bytes. */
function formEntries(fieldNames: string[]): fc.Arbitrary<[string, string | Uint8Array][]> {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc.uint8Array({ maxLength: 512 }).map((tail) => Uint8Array.from([...png, ...tail])),
    fc.uint8Array({ maxLength: 512 }).map((tail) => Uint8Array.from([0xff, 0xd8, 0xff, ...tail])),
  );
  const name = fc.oneof(fc.constantFrom(...fieldNames, "file", "files"), fc.string({ maxLength: 12 }));
  return fc.array(fc.tuple(name, fc.oneof(bytes, urlString)), { maxLength: 5 });
}

function bodyArbitrary(doc: Document, target: Target, pool: Pool): fc.Arbitrary<FuzzInput["body"]> {
  // Fetch refuses a GET with a body.
  if (target.method === "GET") return fc.constant({ kind: "none" });
  const content = target.op.requestBody?.content ?? {};
  const jsonSchema = content["application/json"]?.schema;
  const formSchema = content["multipart/form-data"]?.schema;
  const conformingJson = jsonSchema ? conforming(doc, jsonSchema, pool) : fc.jsonValue({ maxDepth: 2 });
  const jsonText = fc.oneof(
    { arbitrary: conformingJson, weight: 3 },
    { arbitrary: mutated(conformingJson), weight: 4 },
    { arbitrary: wrongValue, weight: 2 },
  ).map((v) => JSON.stringify(v) ?? "null");
  const formFields = Object.keys(resolve(doc, formSchema ?? {}).properties ?? {});
  const variants: fc.Arbitrary<FuzzInput["body"]>[] = [
    fc.record({ kind: fc.constant("json"), contentType: fc.constantFrom(...JSON_TYPES), payload: jsonText }),
    fc.record({
      kind: fc.constant("malformed json"),
      contentType: fc.constant("application/json"),
      payload: fc.oneof(fc.constantFrom(...MALFORMED_JSON), bodyString),
    }),
    fc.record({
      kind: fc.constant("wrong content type"),
      contentType: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/xml", ""),
      payload: jsonText,
    }),
    fc.record({ kind: fc.constant("multipart"), payload: formEntries(formFields) }),
    fc.record({
      kind: fc.constant("malformed multipart"),
      contentType: fc.constantFrom(
        "multipart/form-data; boundary=x",
        "multipart/form-data",
        "multipart/mixed; boundary=x",
      ),
      payload: fc.oneof(
        fc.constantFrom("--x\r\nContent-Disposition: form-data\r\n\r\n", "--x--", ""),
        bodyString,
      ),
    }),
    fc.record({
      kind: fc.constant("empty"),
      contentType: fc.constantFrom("application/json", "multipart/form-data; boundary=x"),
    }),
    fc.constant({ kind: "none" }),
  ];
  const [json, malformed, wrongType, form, malformedForm, empty, none] = variants;
  if (formSchema) {
    return fc.oneof({ arbitrary: form, weight: 5 }, json, malformedForm, wrongType, empty, none);
  }
  if (jsonSchema) return fc.oneof({ arbitrary: json, weight: 6 }, malformed, wrongType, form, empty, none);
  // Bodies where none is expected must be ignored or refused, never break the route.
  return fc.oneof({ arbitrary: none, weight: 6 }, json, malformed);
}

function inputArbitrary(doc: Document, target: Target, pool: Pool): fc.Arbitrary<FuzzInput> {
  const params = target.op.parameters ?? [];
  const value = (p: Parameter) =>
    fc.oneof({ arbitrary: conforming(doc, p.schema, pool).map(String), weight: 2 }, urlString);
  const pathValues = fc.tuple(
    ...params.filter((p) => p.in === "path").map((p) =>
      // An empty, `.` or `..` segment would address another route.
      value(p).filter((v) => v !== "" && v !== "." && v !== "..")
    ),
  );
  const query = fc.tuple(
    ...params.filter((p) => p.in === "query").map((p) =>
      fc.option(value(p).map((v): [string, string] => [p.name, v]), { freq: 2 })
    ),
    fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), urlString), { freq: 4 }),
  ).map((pairs) => pairs.filter((p): p is [string, string] => p !== null));
  // Header values are printable ASCII on the wire.
  const headerValue = fc.oneof(
    fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 200,
    }),
    fc.tuple(fc.nat(), fc.string({ maxLength: 64 })).map(([t, v]) => `t=${t},v1=${encodeURIComponent(v)}`),
    fc.constantFrom("sha256=", "sha256=00", "t=0,v1=", "installation", "ping"),
  );
  const headers = fc.record(
    Object.fromEntries(params.filter((p) => p.in === "header").map((p) => [p.name, headerValue])),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
  return fc.record({
    auth: fc.oneof(
      { arbitrary: fc.constant("fuzz user" as const), weight: 5 },
      fc.constantFrom("none" as const, "garbage" as const),
    ),
    garbageToken: fc.oneof(
      fc.constantFrom("", "a.b.c", "x".repeat(4000)),
      fc.string({ unit: "binary-ascii", maxLength: 60 }),
    ),
    pathValues,
    query,
    headers,
    body: bodyArbitrary(doc, target, pool),
  }) as fc.Arbitrary<FuzzInput>;
}

function toRequest(target: Target, input: FuzzInput, token: string): { path: string; opts: ApiOptions } {
  let i = 0;
  const path = target.template.replace(
    /\{[^}]+\}/g,
    () => encodeURIComponent(input.pathValues[i++].toWellFormed()),
  );
  const search = input.query.map(([k, v]) =>
    `${encodeURIComponent(k.toWellFormed())}=${encodeURIComponent(v.toWellFormed())}`
  )
    .join("&");
  const headers: Record<string, string> = { ...input.headers };
  if (input.auth === "garbage") {
    headers.authorization = `Bearer ${input.garbageToken.replace(/[^\x20-\x7e]/g, "")}`;
  }
  const opts: ApiOptions = { headers, token: input.auth === "fuzz user" ? token : undefined };
  const { kind, contentType, payload } = input.body;
  if (contentType !== undefined && contentType !== "") headers["content-type"] = contentType;
  if (kind === "multipart") {
    const form = new FormData();
    for (const [name, v] of payload as [string, string | Uint8Array][]) {
      if (typeof v === "string") form.append(name, v);
      else form.append(name, new Blob([v as BlobPart]), "upload.bin");
    }
    opts.body = form;
  } else if (kind === "empty") {
    opts.body = new Uint8Array();
  } else if (typeof payload === "string") {
    // Bytes, so no content type is added behind the fuzzer's back.
    opts.body = new TextEncoder().encode(payload);
  }
  return { path: search ? `${path}?${search}` : path, opts };
}

/** A printable account of the input: long values cut, bytes summarized. */
function describe(input: FuzzInput): string {
  return JSON.stringify(input, (_k, v) => {
    if (v instanceof Uint8Array) return `<${v.length} bytes>`;
    if (typeof v === "string" && v.length > 200) return `${v.slice(0, 200)}…(${v.length} chars)`;
    return v;
  });
}

// ---------------------------------------------------------------------------------------------------------
// What counts as a contract answer

/** 503 `*_not_configured`: the stack leaves that integration off. */
function notConfigured(res: ApiResponse): boolean {
  const code = (res.body as { code?: unknown } | undefined)?.code;
  return res.status === 503 && typeof code === "string" && /_not_configured$/.test(code);
}

/** Why the answer breaks the contract, or null. `configured`: the run's integrations are all configured. */
function violation(target: Target, input: FuzzInput, res: ApiResponse, configured: boolean): string | null {
  const status = String(res.status);
  const documented = target.op.responses[status];
  if (!documented) return `status ${status} is not documented for ${target.key}`;
  if (res.status === 500) return "500 internal error";
  if (target.secured && input.auth !== "fuzz user" && res.status !== 401) {
    return `${status} without a valid token (401 comes first)`;
  }
  const media = Object.keys(documented.content ?? {});
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  if (media.includes("application/json")) {
    if (type !== "application/json" || res.body === undefined) return `${status} body is not JSON`;
    if (res.status >= 400) {
      const b = res.body as { code?: unknown; message?: unknown; details?: unknown };
      const detailsOk = b.details === undefined ||
        (typeof b.details === "object" && b.details !== null && !Array.isArray(b.details));
      if (typeof b.code !== "string" || typeof b.message !== "string" || !detailsOk) {
        return `${status} is not in the error shape {code, message, details?}`;
      }
    }
  } else if (media.length > 0 && !media.includes(type)) {
    return `${status} came as ${type || "no content type"}, documented ${media.join(", ")}`;
  } else if (media.length === 0 && res.status < 300 && res.text !== "") {
    return `${status} should have no body`;
  }
  // Configured against stand-ins that answer like the real upstreams, a 5xx (a 503 `*_not_configured`
  // included) blames them for what the client sent.
  if (configured && res.status >= 500) return `${status} although every upstream is there and works`;
  if (target.webhook && res.status !== 400 && !notConfigured(res)) {
    return `${status} for an unsigned delivery (400 expected)`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// The runs

function targetsOf(doc: Document): Target[] {
  const all = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).filter(([m]) => ["get", "put", "post", "patch", "delete"].includes(m)).map(
      ([m, op]) => {
        const secured = op.security === undefined || op.security.length > 0;
        return {
          key: `${m.toUpperCase()} ${template}`,
          method: m.toUpperCase(),
          template,
          op,
          secured,
          webhook: !secured &&
            (op.parameters ?? []).some((p) => p.in === "header" && /signature/i.test(p.name)),
        };
      },
    )
  );
  // Deletions last, so the other routes still find the fuzz user's resources; the account's end last of all.
  const rank = (t: Target) => (ENDS_THE_CALLER.has(t.key) ? 2 : t.method === "DELETE" ? 1 : 0);
  return all.sort((a, b) => rank(a) - rank(b));
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

interface PassResult {
  failures: string[];
  /** Operations that answered 503 `*_not_configured`: to be fuzzed where they are configured. */
  unconfigured: Set<string>;
  runs: number;
}

async function fuzzPass(
  doc: Document,
  targets: Target[],
  call: Call,
  fuzz: TestUser,
  pool: Pool,
  budgetMs: number,
  configured: boolean,
): Promise<PassResult> {
  const result: PassResult = { failures: [], unconfigured: new Set(), runs: 0 };
  const deadline = Date.now() + budgetMs;
  for (const [index, target] of targets.entries()) {
    const endsCaller = ENDS_THE_CALLER.has(target.key);
    const share = Math.max(500, (deadline - Date.now()) / (targets.length - index));
    const property = fc.asyncProperty(inputArbitrary(doc, target, pool), async (input) => {
      const token = endsCaller ? (await newUser("fuzz-throwaway")).token : fuzz.token;
      const { path, opts } = toRequest(target, input, token);
      const res = await withTimeout(call(target.method, path, opts), REQUEST_TIMEOUT_MS);
      result.runs++;
      if (notConfigured(res)) result.unconfigured.add(target.key);
      const why = violation(target, input, res, configured);
      if (why) throw new Error(`${why}: ${res.text.slice(0, 300)}`);
    });
    const out = await fc.check(property, {
      seed: SEED,
      numRuns: endsCaller ? RUNS_ENDING_THE_CALLER : RUNS_PER_OPERATION,
      interruptAfterTimeLimit: share,
      markInterruptAsFailure: false,
      // Every shrinking step is a request: report the first failing input as it is.
      endOnFailure: true,
    });
    if (out.failed) {
      const input = out.counterexample?.[0] as FuzzInput;
      const { path } = toRequest(target, input, "");
      result.failures.push(
        `${target.key} (${target.method} ${path.slice(0, 300)}): ${(out.errorInstance as Error)?.message}\n` +
          `    input: ${describe(input)}\n    ${REPRODUCE}`,
      );
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------

const t = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, ignore: NO_STACK, sanitizeOps: false, sanitizeResources: false, fn });

const state = NO_STACK ? undefined! : await (async () => {
  console.log(`fuzz: ${REPRODUCE}`);
  const doc = (await api<Document>("GET", "/openapi.json")).body;
  const fuzz = await newUser("fuzz");
  const other = await newUser("fuzz-other");
  const shared = await newProject(fuzz, { shared: true });
  const own = await newProject(fuzz);
  // A notification of the fuzz user's own, for the routes that take one.
  await api("POST", `/projects/${shared.id}/reshares`, { token: other.token, body: { platform: "other" } });
  const notifications = await api<{ data: { id: string }[] }>("GET", "/notifications", { token: fuzz.token });
  const pool: Pool = {
    ints: [shared.id, own.id],
    uuids: [fuzz.id, other.id, ...notifications.body.data.map((n) => n.id)],
  };
  return { doc, fuzz, pool, targets: targetsOf(doc), unconfigured: new Set<string>() };
})();

// Inputs the fuzzer once broke a route with, pinned so they stay fixed whatever the seed.
t("fuzz finding: a lone surrogate in a JSON string is a 400, not a 500", async () => {
  const res = await api("PATCH", `/projects/${state.pool.ints[0]}`, {
    token: state.fuzz.token,
    body: { name: "\uD800x" },
  });
  expectError(res, 400, "invalid_request");
});

t(
  "fuzz finding: a GitHub token that cannot travel in a header is a 400, not a 502 blaming GitHub",
  async () => {
    await withIntegrations(async (it) => {
      const res = await it.api("POST", "/repohost/installations", {
        token: state.fuzz.token,
        body: { id: 42, ghu: "ghu_\u{1D54F}", login: "acme" },
      });
      expectError(res, 400, "invalid_request");
    });
  },
);

// The body limit is the one input the random bodies above stay below (MAX_BODY_BYTES): each operation is
// sent one byte over its documented limit, with and without a token, and must refuse it unparsed.
t("fuzz: every operation that takes a body refuses one byte over its x-max-body-bytes with 413", async () => {
  const limits = new Map(
    state.targets.map((t) => [t.key, t.op.requestBody as { "x-max-body-bytes"?: number } | undefined]),
  );
  let checked = 0;
  for (const op of await documentedOperations()) {
    if (op.bodyTypes.length === 0) continue;
    const key = `${op.method} ${op.template}`;
    const maxBytes = limits.get(key)?.["x-max-body-bytes"];
    assert.ok(Number.isInteger(maxBytes), `${key} documents no x-max-body-bytes`);
    const type = op.bodyTypes[0].startsWith("multipart/")
      ? `${op.bodyTypes[0]}; boundary=x`
      : op.bodyTypes[0];
    for (const token of [state.fuzz.token, undefined]) {
      const res = await api(op.method, unusedPath(op), {
        token,
        body: new Uint8Array(maxBytes! + 1).fill(0x20),
        headers: { "content-type": type },
      });
      expectError(res, 413, "payload_too_large");
      assert.deepEqual(res.body.details, { max_bytes: maxBytes }, key);
    }
    checked++;
  }
  assert.ok(checked > 20, `only ${checked} operations take a body`);
  // Outside the document, the agent endpoint and the consent page's forms have the default limit.
  for (
    const [path, type] of [["/mcp", "application/json"], [
      "/oauth-consent/sign-in",
      "application/x-www-form-urlencoded",
    ]]
  ) {
    const res = await api("POST", path, {
      base: ROOT_URL,
      token: state.fuzz.token,
      body: new Uint8Array(DEFAULT_BODY_LIMIT + 1).fill(0x20),
      headers: { "content-type": type },
    });
    expectError(res, 413, "payload_too_large");
    assert.deepEqual(res.body.details, { max_bytes: DEFAULT_BODY_LIMIT }, path);
  }
});

// The storage limits sit far above the random bodies: here a user's projects are brought to their edge (with
// SQL, as the owner's own saves could) and random saves around it must answer 200 or a 413 that names a limit
// the save would pass, never pass one, and write nothing when refused.
t(
  "fuzz: saves at the edge of the storage limits answer 200 or a documented 413 and pass no limit",
  async () => {
    const KiB = 1024;
    const {
      bytes_per_file: bytesPerFile,
      files_per_project: filesPerProject,
      bytes_per_project: bytesPerProject,
      default_storage_quota_bytes: defaultQuotaBytes,
    } = LIMITS.file;
    const user = await newUser("fuzz.storage");
    const [edge, roomy] = [await newProject(user), await newProject(user)];
    const PATHS = ["fill-1", "fill-2", "fill-3", "new-1", "new-2", "new-3", "new-4"];
    /** Each project's files and bytes, and a digest of the files a save may name. */
    const usage = async () =>
      new Map<number, { files: number; bytes: number; digest: string }>(
        (await db()`select project_id as id, count(*)::int as files, sum(octet_length(contents))::bigint as bytes,
                           md5(string_agg(path || ':' || md5(contents), ',' order by path)
                                 filter (where path in ${db()(PATHS)})) as digest
                      from public.project_files where project_id in (${edge.id}, ${roomy.id})
                     group by project_id`).map((r) => [
          Number(r.id),
          { files: r.files, bytes: Number(r.bytes), digest: r.digest },
        ]),
      );
    /**
     * `files` files of `bytes` in all (the first takes the remainder), as the owner's SQL could write them,
     * each with contents of its own (the quota counts equal contents once).
     */
    const fill = (projectId: number, files: number, bytes: number) =>
      db()`insert into public.project_files (project_id, path, contents, type)
         select ${projectId}, 'fill-' || i,
                lpad(${projectId} || '-' || i, ${Math.floor(bytes / files)}::int + case when i = 1 then ${
        bytes % files
      }::int else 0 end, 'x'),
                'DATA'
           from generate_series(1, ${files}::int) i`;
    /** What the owner's quota counts: their stored contents, once each. */
    const stored = async () =>
      Number((await db()`select bytes from private.blob_storage where user_id = ${user.id}`)[0].bytes);
    // `edge` three files and 400 KiB short of the project's limits; the owner's total 1000 KiB short of the
    // quota, with four more projects taking the rest and `roomy` far from its own limits.
    const start = await usage();
    const template = start.get(edge.id)!;
    await fill(edge.id, filesPerProject - 3 - template.files, bytesPerProject - 400 * KiB - template.bytes);
    const fillers = [
      await newProject(user),
      await newProject(user),
      await newProject(user),
      await newProject(user),
    ];
    for (const [i, p] of fillers.entries()) {
      const [{ own }] = await db()`select sum(bytes)::bigint as own from private.project_storage
                                  where project_id = ${p.id}`;
      const bytes = i < 3 ? bytesPerProject - Number(own) : defaultQuotaBytes - 1000 * KiB - await stored();
      await fill(p.id, 40, bytes);
    }
    const size = fc.oneof(
      fc.constantFrom(0, 1, 100 * KiB, 300 * KiB, bytesPerFile - 1, bytesPerFile, bytesPerFile + 1),
      fc.integer({ min: 0, max: 600 * KiB }),
    );
    const save = fc.record({
      project: fc.constantFrom(edge, roomy),
      files: fc.uniqueArray(
        fc.record({
          path: fc.constantFrom(...PATHS),
          bytes: size,
        }),
        { minLength: 1, maxLength: 4, selector: (f) => f.path },
      ),
    });
    const outcomes: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(save, async ({ project, files }) => {
        const before = await usage();
        const total = await stored();
        // The quota grows by the contents not stored yet, once each: "y" repeated, one per length.
        const lengths = [...new Set(files.map((f) => f.bytes))];
        const [{ added }] =
          await db()`select coalesce(sum(n), 0)::bigint as added from unnest(${lengths}::int[]) n
          where not exists (select from public.file_blobs b where b.user_id = ${user.id}
                              and b.sha256 = sha256(convert_to(repeat('y', n), 'UTF8')))`;
        const [existing] = [
          await db()`select path, octet_length(contents) as n from public.project_files
                                      where project_id = ${project.id} and path in ${
            db()(files.map((f) => f.path))
          }`,
        ];
        const replaced = new Map(existing.map((r) => [r.path as string, Number(r.n)]));
        const growth = files.reduce((n, f) => n + f.bytes - (replaced.get(f.path) ?? 0), 0);
        const own = before.get(project.id)!;
        const passes = new Set<string>();
        if (files.some((f) => f.bytes > bytesPerFile)) passes.add("file_too_large");
        if (own.files + files.filter((f) => !replaced.has(f.path)).length > filesPerProject) {
          passes.add("too_many_project_files");
        }
        if (own.bytes + growth > bytesPerProject) passes.add("project_too_large");
        if (total + Number(added) > defaultQuotaBytes) passes.add("storage_quota_exceeded");
        const res = await api("PUT", `/projects/${project.id}/files`, {
          token: user.token,
          body: { files: files.map((f) => ({ path: f.path, contents: "y".repeat(f.bytes), type: "DOC" })) },
        });
        const code = (res.body as { code?: string }).code ?? "";
        outcomes[code || String(res.status)] = (outcomes[code || String(res.status)] ?? 0) + 1;
        const where = `${JSON.stringify(files.map((f) => [f.path, f.bytes]))}: ${res.status} ${code}`;
        if (passes.size === 0) assert.equal(res.status, 200, `${where} ${res.text.slice(0, 200)}`);
        else {
          assert.equal(res.status, 413, where);
          assert.ok(passes.has(code), `${where}, expected one of ${[...passes]}`);
          assert.deepEqual(await usage(), before, `${where} wrote something`);
        }
        const after = (await usage()).get(project.id)!;
        assert.ok(after.files <= filesPerProject && after.bytes <= bytesPerProject, where);
      }),
      { seed: SEED, numRuns: 30, endOnFailure: true },
    );
    console.log(`fuzz: saves at the storage edge: ${JSON.stringify(outcomes)}`);
    assert.ok(Object.keys(outcomes).length > 1, `30 saves met no limit, or only limits (${REPRODUCE})`);
  },
);

t("fuzz: every documented operation over the gateway answers only as documented", async () => {
  const { doc, fuzz, pool, targets } = state;
  const started = Date.now();
  const out = await fuzzPass(doc, targets, api, fuzz, pool, BUDGET_MS.gateway, false);
  for (const key of out.unconfigured) state.unconfigured.add(key);
  console.log(`fuzz: ${out.runs} requests over ${targets.length} operations in ${Date.now() - started} ms`);
  assert.equal(out.failures.length, 0, `\n${out.failures.join("\n")}`);
});

t("fuzz: operations of unconfigured integrations, configured against stand-ins", async () => {
  const { doc, fuzz, pool } = state;
  const targets = state.targets.filter((t) => state.unconfigured.has(t.key));
  await withIntegrations(async (it) => {
    const started = Date.now();
    const out = await fuzzPass(doc, targets, it.api, fuzz, pool, BUDGET_MS.configured, true);
    console.log(`fuzz: ${out.runs} requests over ${targets.length} operations in ${Date.now() - started} ms`);
    assert.equal(out.failures.length, 0, `\n${out.failures.join("\n")}`);
  });
});
