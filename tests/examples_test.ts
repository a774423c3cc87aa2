// The document's examples, as the reference page fills them in: every JSON body and every required
// parameter has one, valid against its schema, and an operation that needs nothing first (no
// `x-example-needs`) succeeds when sent exactly as shown with a new user's token.
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { api, db, newProject, newUser, NO_STACK } from "./helpers.ts";
import { withoutIntegrations } from "./integration_stand_ins.ts";

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema: Record<string, unknown> & { example?: unknown };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  "x-example-needs"?: string;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

const t = (name: string, fn: () => void | Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
const doc = NO_STACK ? undefined! : (await api<Document>("GET", "/openapi.json")).body;
const operations = NO_STACK
  ? []
  : Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), template, op }))
  );

/** The example request of an operation: its path with the parameters' examples, and its JSON body. */
function exampleRequest({ template, op }: (typeof operations)[number], ids: Record<string, string> = {}) {
  const value = (p: Parameter) => p.example ?? p.schema.example;
  const path = template.replace(/\{([^}]+)\}/g, (_, name) => {
    const p = op.parameters!.find((p) => p.in === "path" && p.name === name)!;
    return encodeURIComponent(ids[name] ?? String(value(p)));
  });
  const query = new URLSearchParams(
    (op.parameters ?? []).filter((p) => p.in === "query" && p.required).map((
      p,
    ) => [p.name, String(value(p))]),
  );
  return {
    path: query.size ? `${path}?${query}` : path,
    body: op.requestBody?.content["application/json"]?.example,
  };
}

t("every operation's example request is explicit and valid against its schema", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  const valid = (schema: unknown, value: unknown, where: string) => {
    const validate = ajv.compile({ ...(schema as object), components: doc.components });
    assert(validate(value), `${where}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
  };
  assert(operations.length > 50);
  for (const { method, template, op } of operations) {
    const where = `${method} ${template}`;
    for (const p of op.parameters ?? []) {
      const value = p.example ?? p.schema.example;
      if (!p.required && value === undefined) continue;
      assert.notEqual(value, undefined, `${where}: parameter ${p.name} has no example`);
      valid(p.schema, value, `${where}: parameter ${p.name}`);
    }
    for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
      if (type !== "application/json") {
        // A form carries files, which a document cannot hold: the route says what to attach.
        assert(op["x-example-needs"], `${where}: a ${type} body without x-example-needs`);
        continue;
      }
      assert.notEqual(content.example, undefined, `${where}: the JSON body has no example`);
      valid(content.schema, content.example, `${where}: body`);
    }
  }
});

t("every example request that needs nothing first succeeds as shown, with a new user's token", async () => {
  const user = await newUser("examples");
  const ready = operations.filter(({ op }) => !op["x-example-needs"]);
  // Deleting the account goes last: it ends the token.
  ready.sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  assert(ready.some((o) => o.method === "POST" && o.template === "/jobs"), "POST /jobs needs nothing first");
  for (const operation of ready) {
    const { path, body } = exampleRequest(operation);
    const res = await api(operation.method, path, { token: user.token, body });
    assert(res.status >= 200 && res.status < 300, `${operation.method} ${path}: ${res.status} ${res.text}`);
  }
});

t("every Python sample is Python, and POST /jobs' sample run as shown creates a job", async () => {
  const python = async (args: string[], env: Record<string, string> = {}) => {
    const out = await new Deno.Command("python3", { args, env, stdout: "piped", stderr: "piped" }).output();
    return {
      ok: out.success,
      text: new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr),
    };
  };
  const samples = operations.map(({ method, template, op }) => ({
    where: `${method} ${template}`,
    source: (op as { "x-codeSamples": { lang: string; source: string }[] })["x-codeSamples"]
      .find((s) => s.lang === "Python")!.source,
  }));
  const parse = "import ast, json, sys\nfor s in json.load(sys.stdin): ast.parse(s['source'], s['where'])";
  const parsed = await new Deno.Command("python3", { args: ["-c", parse], stdin: "piped", stderr: "piped" })
    .spawn();
  const writer = parsed.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(samples)));
  await writer.close();
  const status = await parsed.output();
  assert(status.success, new TextDecoder().decode(status.stderr));

  const user = await newUser("examples.python");
  const createJob = samples.find((s) => s.where === "POST /jobs")!.source;
  const run = await python(["-c", createJob], { ACCESS_TOKEN: user.token });
  assert(run.ok, run.text);
  assert.match(run.text, /'status': 'queued'/, "it printed the job as Python sees it");
  const jobs = await api<{ data: { id: string }[] }>("GET", "/jobs", { token: user.token });
  assert.equal(jobs.body.data.length, 1, "the sample created the user's one job");
});

t(
  "every operation that documents 503 integration_not_configured, sent as shown, names the settings to set",
  async () => {
    const user = await newUser("examples.503");
    // A project linked to a repository, so a push gets as far as the missing integration.
    const project = await newProject(user);
    await db()`insert into public.repohost_links (project_id, user_id, repohost_installation_id, repohost_repository_name)
               values (${project.id}, ${user.id}, 7, ${`app-${project.id}`})`;
    const integrations = operations.filter(({ op }) =>
      JSON.stringify((op as { responses: Record<string, unknown> }).responses["503"] ?? "").includes(
        "integration_not_configured",
      )
    );
    assert(integrations.length >= 12, `only ${integrations.length} operations document it`);
    // As a deployment without the integrations' settings builds the API.
    await withoutIntegrations(async (api) => {
      for (const operation of integrations) {
        const { path, body } = exampleRequest(operation, { projectId: String(project.id) });
        const res = await api(operation.method, path, { token: user.token, body });
        const where = `${operation.method} ${path}`;
        assert.equal(res.status, 503, `${where}: ${res.text}`);
        const { code, message, details } = res.body as {
          code: string;
          message: string;
          details: { missing: string[] };
        };
        assert.equal(code, "integration_not_configured", where);
        assert(details.missing.length > 0, where);
        for (const name of details.missing) assert(message.includes(name), `${where}: ${message}`);
      }
    });
  },
);
