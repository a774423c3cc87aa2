// The request samples of every operation (`x-codeSamples`, which the reference page shows next to its curl
// sample): the SDK's call in JavaScript (the operationId as the method) and Python with requests, both
// sending the path parameters, the required query parameters and the body of the document's examples.
interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  example?: unknown;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  "x-codeSamples"?: unknown[];
  security?: unknown[];
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export function withCodeSamples<D>(document: D): D {
  const doc = structuredClone(document) as unknown as Document;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (op.operationId) {
        op["x-codeSamples"] = [
          { lang: "JavaScript", label: "SDK", source: sdkSample(doc, op) },
          { lang: "Python", label: "Python", source: pythonSample(doc, method, path, op) },
        ];
      }
    }
  }
  return doc as unknown as D;
}

/** The parameters a sample sends (`path`, or the required ones of `query`) with their example values. */
function sampleParams(doc: Document, op: Operation, where: string): [string, unknown][] {
  return (op.parameters ?? []).filter((p) => p.in === where && (where === "path" || p.required))
    .map((p) => [p.name, example(doc, p.schema ?? {}, 0)]);
}

/** The JSON body a sample sends: the document's example, else one built from the schema. */
function jsonBodyExample(doc: Document, op: Operation): unknown {
  const json = op.requestBody?.content["application/json"];
  return json && (json.example ?? example(doc, json.schema, 0));
}

/** The form fields a sample sends: each required one with a picture, as a list where the schema says so. */
function formFields(doc: Document, op: Operation): { name: string; list: boolean }[] | undefined {
  const form = op.requestBody?.content["multipart/form-data"];
  if (!form) return undefined;
  const s = resolve(doc, form.schema);
  return (s.required ?? []).map((name) => ({ name, list: s.properties?.[name]?.type === "array" }));
}

function sdkSample(doc: Document, op: Operation): string {
  const init: string[] = [];
  const params = (where: string) =>
    sampleParams(doc, op, where).map(([name, value]) => `${key(name)}: ${literal(value)}`);
  const path = params("path");
  const query = params("query");
  if (path.length || query.length) {
    init.push(
      `params: { ${
        [path.length && `path: { ${path.join(", ")} }`, query.length && `query: { ${query.join(", ")} }`]
          .filter(Boolean).join(", ")
      } }`,
    );
  }
  const json = jsonBodyExample(doc, op);
  const form = formFields(doc, op);
  if (json !== undefined) {
    init.push(`body: ${literal(json)}`);
  } else if (form) {
    const one = 'new File([bytes], "image.png", { type: "image/png" })';
    init.push(`body: { ${form.map((f) => `${key(f.name)}: ${f.list ? `[${one}]` : one}`).join(", ")} }`);
  }
  const zip = op.responses?.["200"]?.content?.["application/zip"];
  // A download is the SDK's method of that name taking the id, answering the stream of the zip's bytes.
  const call = zip
    ? `api.${op.operationId}(${sampleParams(doc, op, "path").map(([, value]) => literal(value)).join(", ")})`
    : `api.${op.operationId}(${init.length ? `{ ${init.join(", ")} }` : ""})`;
  return [
    'import { createAppgenClient } from "@appgen/sdk";',
    "",
    `const api = createAppgenClient({ baseUrl: ${
      literal(doc.servers?.[0]?.url ?? "")
    }, token: ACCESS_TOKEN });`,
    ...(op.responses?.["200"]?.content?.["text/event-stream"]
      // An event stream is the SDK's async iterator of parsed events.
      ? [`for await (const event of ${call}) {`, "  console.log(event.id, event.type, event.data);", "}"]
      : [`const ${zip ? "zip" : "result"} = await ${call};`]),
  ].join("\n");
}

function pythonSample(doc: Document, method: string, template: string, op: Operation): string {
  const path = Object.fromEntries(sampleParams(doc, op, "path"));
  const url = (doc.servers?.[0]?.url ?? "") +
    template.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(path[name])));
  const query = sampleParams(doc, op, "query");
  const json = jsonBodyExample(doc, op);
  const form = formFields(doc, op);
  const stream = op.responses?.["200"]?.content?.["text/event-stream"] !== undefined;
  const secured = op.security?.length !== 0;
  const answer = op.responses?.["204"]
    ? "res.status_code"
    : Object.entries(op.responses ?? {}).some(([s, r]) =>
        s.startsWith("2") && r.content?.["application/json"]
      )
    ? "res.json()"
    : "res.text";
  const args = [
    py(url),
    ...(secured ? ['headers={"Authorization": f"Bearer {os.environ[\'ACCESS_TOKEN\']}"}'] : []),
    ...(query.length ? [`params=${py(Object.fromEntries(query))}`] : []),
    ...(json !== undefined ? [`json=${py(json)}`] : []),
    ...(form
      ? [
        `files=[${
          form.map((f) => `(${py(f.name)}, ("image.png", open("image.png", "rb"), "image/png"))`).join(", ")
        }]`,
      ]
      : []),
    ...(stream ? ["stream=True"] : []),
  ];
  return [
    ...(secured ? ["import os", ""] : []),
    "import requests",
    "",
    `res = requests.${method}(`,
    ...args.map((a) => `    ${a},`),
    ")",
    "res.raise_for_status()",
    ...(stream
      // Server-Sent Events: print each line as it comes.
      ? ["for line in res.iter_lines(decode_unicode=True):", "    print(line)"]
      : [`print(${answer})`]),
  ].join("\n");
}

/** A Python literal of a JSON value. */
function py(value: unknown): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(py).join(", ")}]`;
  return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${py(v)}`).join(", ")}}`;
}

function resolve(doc: Document, s: Schema): Schema {
  let out = s;
  while (out.$ref) out = doc.components?.schemas?.[out.$ref.split("/").pop()!] ?? {};
  return out;
}

/** A value for a schema: its example, const or first enum value, else one built from the required fields. */
function example(doc: Document, raw: Schema, depth: number): unknown {
  const s = resolve(doc, raw);
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alternative = s.oneOf?.[0] ?? s.anyOf?.[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (!type && alternative && !s.properties) return example(doc, alternative, depth);
  switch (type) {
    case "object": {
      if (depth > 3) return {};
      const required = [...s.required ?? [], ...resolve(doc, alternative ?? {}).required ?? []];
      return Object.fromEntries(required.map((k) => [k, example(doc, s.properties?.[k] ?? {}, depth + 1)]));
    }
    case "array":
      return (s.minItems ?? 0) > 0 && s.items ? [example(doc, s.items, depth + 1)] : [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "string":
      return s.format === "uuid"
        ? "3f2b8c1e-5d4a-4e6b-9c7d-2a1e0f9b8c7d"
        : s.format === "date-time"
        ? "2026-01-01T00:00:00Z"
        : s.format === "uri"
        ? "https://example.com"
        : "…";
    default:
      return null;
  }
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

function literal(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  const entries = Object.entries(value).map(([k, v]) => `${key(k)}: ${literal(v)}`);
  return entries.length ? `{ ${entries.join(", ")} }` : "{}";
}
