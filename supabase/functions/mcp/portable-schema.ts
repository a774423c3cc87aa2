// Tool schemas as every client can read them: the JSON Schema (2020-12) zod derives, rewritten where it is
// legal but not portable — a `type` array becomes `anyOf` branches of one type each, an empty schema for
// free-form values becomes `true`, and the long regex patterns zod adds next to a `format` (uuid,
// date-time) are dropped, as the format already says it. Validation stays zod's.
import type { z } from "zod";

type Json = Record<string, unknown>;
const MAX_PATTERN_CHARS = 64;
const NESTED_ONE = ["items", "additionalProperties", "not", "if", "then", "else", "contains"];
const NESTED_MANY = ["anyOf", "oneOf", "allOf", "prefixItems"];
const NESTED_MAP = ["properties", "$defs", "patternProperties"];

function isSchema(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function portableJsonSchema(node: Json): Json {
  const out: Json = { ...node };
  for (const key of NESTED_ONE) {
    const v = out[key];
    if (isSchema(v)) out[key] = Object.keys(v).length === 0 ? true : portableJsonSchema(v);
  }
  for (const key of NESTED_MANY) {
    if (Array.isArray(out[key])) {
      out[key] = (out[key] as unknown[]).map((v) => isSchema(v) ? portableJsonSchema(v) : v);
    }
  }
  for (const key of NESTED_MAP) {
    const v = out[key];
    if (isSchema(v)) {
      out[key] = Object.fromEntries(
        Object.entries(v).map(([k, s]) => [k, isSchema(s) ? portableJsonSchema(s) : s]),
      );
    }
  }
  if (
    typeof out.pattern === "string" && (out.format !== undefined || out.pattern.length > MAX_PATTERN_CHARS)
  ) {
    delete out.pattern;
  }
  if (Array.isArray(out.type)) {
    const { type, ...rest } = out;
    const keep = Object.fromEntries(
      Object.entries(rest).filter(([k]) => ["description", "title", "default", "examples"].includes(k)),
    );
    const constraints = Object.fromEntries(Object.entries(rest).filter(([k]) => !(k in keep)));
    return {
      ...keep,
      anyOf: (type as string[]).map((t) => t === "null" ? { type: "null" } : { type: t, ...constraints }),
    };
  }
  return out;
}

/** `schema`, advertising the portable form of its JSON Schema. */
export function portable<T extends z.ZodType>(schema: T): T {
  const standard = schema["~standard"] as z.ZodType["~standard"] & {
    jsonSchema: { input(o: unknown): Json; output(o: unknown): Json };
  };
  const wrapped = Object.create(schema);
  Object.defineProperty(wrapped, "~standard", {
    value: {
      ...standard,
      jsonSchema: {
        input: (o: unknown) => portableJsonSchema(standard.jsonSchema.input(o)),
        output: (o: unknown) => portableJsonSchema(standard.jsonSchema.output(o)),
      },
    },
  });
  return wrapped;
}
