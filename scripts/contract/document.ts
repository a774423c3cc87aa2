// Checks of the served OpenAPI document itself: valid OpenAPI 3.1 (@seriousme/openapi-schema-validator),
// clean under Redocly's linter (redocly.yaml), and every operation named by a unique operationId, since the
// SDK's method names come from them.
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";

export interface Finding {
  name: string;
  ok: boolean;
  details: string[];
}

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Schema {
  $ref?: string;
  type?: string;
  additionalProperties?: unknown;
  minProperties?: number;
  required?: string[];
}
type Operations = Record<string, Record<string, Operation>>;

export async function checkDocument(doc: Record<string, unknown>, root: string): Promise<Finding[]> {
  const validator = new Validator();
  const valid = await validator.validate(structuredClone(doc));
  const findings: Finding[] = [{
    name: "the document is valid OpenAPI 3.1",
    ok: valid.valid && validator.version === "3.1",
    details: valid.valid ? [] : [JSON.stringify(valid.errors, null, 2).slice(0, 2000)],
  }];

  const seen = new Map<string, string[]>();
  const unnamed: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Operations)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.operationId) unnamed.push(where);
      else seen.set(op.operationId, [...seen.get(op.operationId) ?? [], where]);
    }
  }
  const twins = [...seen].filter(([, at]) => at.length > 1).map(([id, at]) => `${id}: ${at.join(", ")}`);
  findings.push({
    name: "every operation has a unique operationId",
    ok: unnamed.length === 0 && twins.length === 0,
    details: [...unnamed.map((u) => `no operationId: ${u}`), ...twins.map((t) => `used twice: ${t}`)],
  });

  // A generated client sends what the schema allows: a user's JSON body names every field it takes, and a
  // PATCH says it needs at least one (webhooks, public, take the sender's payload as it comes).
  const schemas = (doc.components as { schemas?: Record<string, Schema> } | undefined)?.schemas ?? {};
  const open: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Operations)) {
    for (const [method, op] of Object.entries(ops)) {
      const raw = op.requestBody?.content["application/json"]?.schema;
      if (!raw || op.security?.length === 0) continue;
      const body = raw.$ref ? schemas[raw.$ref.split("/").pop()!] ?? {} : raw;
      const where = `${method.toUpperCase()} ${path}`;
      if (body.type === "object" && body.additionalProperties !== false) open.push(`${where}: open body`);
      if (method === "patch" && !(body.minProperties ?? 0) && !(body.required?.length)) {
        open.push(`${where}: a PATCH body without minProperties or required fields`);
      }
    }
  }
  findings.push({
    name: "every user's JSON body is closed, and every PATCH needs a field",
    ok: open.length === 0,
    details: open,
  });

  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(file, JSON.stringify(doc));
    const out = await new Deno.Command(join(root, "node_modules/.bin/redocly"), {
      args: ["lint", file, "--config", join(root, "redocly.yaml"), "--format=json"],
      cwd: root,
      env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    let report: { totals: { errors: number; warnings: number }; problems: LintProblem[] } | undefined;
    try {
      report = JSON.parse(text.slice(text.indexOf("{")));
    } catch {
      report = undefined;
    }
    findings.push({
      name: "Redocly CLI lints the document with no error or warning",
      ok: report !== undefined && report.totals.errors === 0 && report.totals.warnings === 0,
      details: report
        ? report.problems.map((p) =>
          `${p.severity} ${p.ruleId} ${p.location?.[0]?.pointer ?? ""}: ${p.message}`
        )
        : [text.slice(0, 500), new TextDecoder().decode(out.stderr).slice(0, 1500)],
    });
  } finally {
    await Deno.remove(file);
  }
  return findings;
}

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location?: { pointer?: string }[];
}
