// The contract check over what the tests saw: every recorded answer of the API must match the served
// OpenAPI document (a documented route and status, a body valid against its schema), and every status a
// route documents must have occurred at least once, so no documented behaviour goes untested.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export interface Recorded {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: string;
}

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

type Document = { paths: Record<string, Record<string, Operation>>; components?: unknown };

export interface OperationReport {
  operation: string;
  calls: number;
  /** Documented statuses no test produced. */
  unseen: string[];
  /** Answers that do not match the document. */
  mismatches: string[];
}

const METHODS = ["get", "put", "post", "patch", "delete"];

function templateRegex(template: string): RegExp {
  return new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);
}

export function checkContract(doc: Document, records: Recorded[]) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  const operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).filter(([m]) => METHODS.includes(m)).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${template}`,
      method: method.toUpperCase(),
      regex: templateRegex(template),
      // Literal segments before templated ones: /jobs/attachments is not /jobs/{jobId}.
      literalWeight: template.split("/").filter((seg) => seg && !seg.startsWith("{")).length,
      op,
      report: {
        operation: `${method.toUpperCase()} ${template}`,
        calls: 0,
        unseen: [],
        mismatches: [],
      } as OperationReport,
      seen: new Set<string>(),
    }))
  );
  const unknown: string[] = [];
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();

  for (const r of records) {
    const path = r.path.replace(/^\/functions\/v1\/v1/, "");
    const candidates = operations.filter((o) => o.method === r.method && o.regex.test(path))
      .sort((a, b) => b.literalWeight - a.literalWeight);
    const match = candidates[0];
    if (!match) {
      // Unknown routes and methods are answered in the error shape by design, and a known path with a
      // trailing slash is redirected to the path itself (as the document says); they belong to no operation.
      const redirected = r.status === 308 && path.endsWith("/");
      if (r.status !== 404 && r.status !== 405 && !redirected) {
        unknown.push(`${r.method} ${path} → ${r.status}`);
      }
      continue;
    }
    match.report.calls++;
    const status = String(r.status);
    match.seen.add(status);
    const response = match.op.responses[status] ?? match.op.responses.default;
    if (!response) {
      match.report.mismatches.push(`${status} is not documented (${r.body.slice(0, 120)})`);
      continue;
    }
    const media = Object.keys(response.content ?? {});
    if (media.length === 0) {
      if (r.body !== "") match.report.mismatches.push(`${status} should have no body`);
      continue;
    }
    const type = (r.contentType ?? "").split(";")[0].trim();
    if (!media.includes(type)) {
      match.report.mismatches.push(
        `${status} came as ${type || "no content type"}, documented ${media.join(", ")}`,
      );
      continue;
    }
    if (type !== "application/json") continue;
    const pointer = `${match.key}|${status in match.op.responses ? status : "default"}`;
    let validate = validators.get(pointer);
    if (!validate) {
      // The document's components ride along, so `#/components/schemas/…` references resolve.
      validate = ajv.compile({ ...response.content![type].schema as object, components: doc.components });
      validators.set(pointer, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(r.body);
    } catch {
      match.report.mismatches.push(`${status} body is not JSON`);
      continue;
    }
    if (!validate(body)) {
      const e = validate.errors?.[0];
      match.report.mismatches.push(
        `${status} body: ${e?.instancePath || "/"} ${e?.message} (${r.body.slice(0, 160)})`,
      );
    }
  }
  for (const o of operations) {
    o.report.unseen = Object.keys(o.op.responses).filter((s) => s !== "default" && !o.seen.has(s));
  }
  return { operations: operations.map((o) => o.report), unknown };
}
