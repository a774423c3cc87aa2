// The JavaScript request sample of every operation, as the SDK's call (`x-codeSamples`, which the
// reference page shows next to its curl sample): the operationId as the method, the path parameters,
// the required query parameters and a body of the required fields, with the document's examples.
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
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  "x-codeSamples"?: unknown[];
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export function withSdkSamples<D>(document: D): D {
  const doc = structuredClone(document) as unknown as Document;
  for (const ops of Object.values(doc.paths)) {
    for (const op of Object.values(ops)) {
      if (op.operationId) {
        op["x-codeSamples"] = [{ lang: "JavaScript", label: "SDK", source: sample(doc, op) }];
      }
    }
  }
  return doc as unknown as D;
}

function sample(doc: Document, op: Operation): string {
  const init: string[] = [];
  const chosen = (where: string) =>
    (op.parameters ?? []).filter((p) => p.in === where && (where === "path" || p.required));
  const value = (p: Parameter) => literal(example(doc, p.schema ?? {}, 0));
  const params = (where: string) => chosen(where).map((p) => `${key(p.name)}: ${value(p)}`);
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
  const content = op.requestBody?.content ?? {};
  if (content["application/json"]) {
    init.push(`body: ${literal(example(doc, content["application/json"].schema, 0))}`);
  } else if (content["multipart/form-data"]) {
    const form = resolve(doc, content["multipart/form-data"].schema);
    const fields = (form.required ?? []).map((name) => {
      const one = 'new File([bytes], "image.png", { type: "image/png" })';
      return `${key(name)}: ${form.properties?.[name]?.type === "array" ? `[${one}]` : one}`;
    });
    init.push(`body: { ${fields.join(", ")} }`);
  }
  const zip = op.responses?.["200"]?.content?.["application/zip"];
  // A download is the SDK's method of that name taking the id, answering the stream of the zip's bytes.
  const call = zip
    ? `api.${op.operationId}(${chosen("path").map(value).join(", ")})`
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
