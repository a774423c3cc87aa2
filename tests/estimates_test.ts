// POST /jobs/estimates over HTTP: an estimate says what the job then builds and charges, for new apps in
// several languages and for a follow-up; it writes nothing but the quota's count; refusals of the job are
// data, refusals of the request are POST /jobs's statuses.
import assert from "node:assert/strict";
import { api, db, expectError, newProject, newUser, NO_STACK, type TestUser, waitForJob } from "./helpers.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });

interface Estimate {
  name: string;
  language: string;
  kind: string;
  tier: "light" | "full" | null;
  asks: unknown[];
  unmet: string[];
  credits: { price: number; available: number; held: number; floor: number; can_pay: boolean };
  admission: { admitted: boolean; refusal: { code: string; message: string; details?: unknown } | null };
  rate_limit: { limit: number; remaining: number; reset_at: string };
}

interface JobBody {
  id: string;
  status: string;
  project_id: number;
  input: { model: string };
  result: { name: string; language: string; kind: string; asks: unknown[]; unmet: string[] };
}

function promptJob(prompt: string, extra: Record<string, unknown> = {}) {
  return { type: "prompt", input: { prompt }, ...extra };
}

async function estimate(user: TestUser, body: unknown) {
  const res = await api<Estimate>("POST", "/jobs/estimates", { token: user.token, body });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function walletTotal(user: TestUser): Promise<number> {
  return (await api<{ total: number }>("GET", "/wallets/me", { token: user.token })).body.total;
}

/** Runs the job the body describes and checks it built and charged what the estimate said. */
async function runAndCompare(user: TestUser, body: Record<string, unknown>): Promise<JobBody> {
  const said = await estimate(user, body);
  assert.equal(said.admission.admitted, true, JSON.stringify(said.admission));
  assert.equal(said.credits.can_pay, true);
  const before = await walletTotal(user);
  const created = await api<JobBody>("POST", "/jobs", { token: user.token, body });
  assert.equal(created.status, 202, created.text);
  const job = await waitForJob<JobBody>(user, created.body.id, undefined, 60_000);
  assert.equal(job.status, "succeeded");
  assert.deepEqual(
    {
      name: said.name,
      language: said.language,
      kind: said.kind,
      tier: said.tier,
      asks: said.asks,
      unmet: said.unmet,
      charged: said.credits.price,
    },
    {
      name: job.result.name,
      language: job.result.language,
      kind: job.result.kind,
      tier: job.input.model,
      asks: job.result.asks,
      unmet: job.result.unmet,
      charged: before - await walletTotal(user),
    },
  );
  return job;
}

t("an estimate says what the job then builds and charges, in several languages and tiers", async () => {
  const user = await newUser("estimates.langs");
  const languages = new Set<string>();
  for (
    const body of [
      promptJob("A habit tracker for drinking water and reading"),
      promptJob("Una lista della spesa per la settimana con i prezzi"),
      {
        type: "prompt",
        input: { prompt: "Une application pour noter mes recettes de cuisine", model: "full" },
      },
      promptJob("Ein Tagebuch für meine Stimmung mit Erinnerungen"),
      { type: "prompt", input: { prompt: "Un registro de mis gastos mensuales", appName: "Gastos" } },
    ]
  ) {
    languages.add((await runAndCompare(user, body)).result.language);
  }
  assert.deepEqual([...languages].sort(), ["de", "en", "es", "fr", "it"]);
});

t("a follow-up estimate says how the project's app changes, as its job then changes it", async () => {
  const user = await newUser("estimates.followup");
  const first = await runAndCompare(user, promptJob("A shopping list for the week"));
  const followUp = promptJob("add a search and sort the items by price", { project_id: first.project_id });
  const fresh = await estimate(user, promptJob("add a search and sort the items by price"));
  const said = await estimate(user, followUp);
  // Judged against the stored spec: the app keeps its name, unlike a new app from the same words.
  assert.equal(said.name, first.result.name);
  assert.notDeepEqual({ name: said.name, asks: said.asks }, { name: fresh.name, asks: fresh.asks });
  await runAndCompare(user, followUp);
});

t("an estimate creates no job, project, hold or charge, and counts one prompt evaluation", async () => {
  const user = await newUser("estimates.nothing");
  const project = await newProject(user, { name: "Kept" });
  const snapshot = async () => {
    const sql = db();
    return {
      wallet: await sql`select * from public.wallets where user_id = ${user.id}`,
      ledger: await sql`select * from public.wallet_transactions where user_id = ${user.id} order by id`,
      jobs: await sql`select * from public.jobs where user_id = ${user.id}`,
      admissions: await sql`select * from public.job_admissions where user_id = ${user.id}`,
      projects: await sql`select * from public.projects where user_id = ${user.id} order by id`,
      files: await sql`select f.* from public.project_files f join public.projects p on p.id = f.project_id
                        where p.user_id = ${user.id} order by f.project_id, f.path`,
    };
  };
  const evaluations = async () =>
    (await db()`select count(*)::int as n from public.prompt_evaluations where user_id = ${user.id}`)[0].n;
  const before = await snapshot();
  const counted = await evaluations();
  const fresh = await estimate(user, promptJob("A packing list for trips"));
  await estimate(user, promptJob("add a checklist", { project_id: project.id }));
  await estimate(user, promptJob("asdf"));
  assert.deepEqual(await snapshot(), before);
  assert.equal(await evaluations(), counted + 3);
  assert.equal(fresh.rate_limit.remaining, fresh.rate_limit.limit - counted - 1);
});

t(
  "refusals of the job are data in the 200: the same code, message and details POST /jobs answers",
  async () => {
    const user = await newUser("estimates.refused");
    for (const prompt of ["asdf", "A multiplayer game to play between phones"]) {
      const said = await estimate(user, promptJob(prompt));
      const job = await api("POST", "/jobs", { token: user.token, body: promptJob(prompt) });
      expectError(job, 400, "invalid_prompt");
      assert.deepEqual(said.admission, { admitted: false, refusal: job.body });
      assert.equal(said.tier, null);
      // Without a tier, the price is what POST /jobs holds while it judges: the dearest tier's.
      const prices =
        await db()`select private.job_hold_credits(null) as any, private.job_hold_credits('light') as light`;
      assert.equal(said.credits.price, Number(prices[0].any));
    }
    const light = await estimate(user, { type: "prompt", input: { prompt: "asdf", model: "light" } });
    assert.equal(light.tier, "light");

    await db()`update public.wallets set balance = -500, bonus_balance = 0 where user_id = ${user.id}`;
    const broke = await estimate(user, promptJob("A habit tracker for drinking water"));
    const job = await api("POST", "/jobs", {
      token: user.token,
      body: promptJob("A habit tracker for drinking water"),
    });
    expectError(job, 402, "insufficient_credits");
    assert.deepEqual(broke.admission, { admitted: false, refusal: job.body });
    assert.deepEqual(
      { available: broke.credits.available, floor: broke.credits.floor, can_pay: broke.credits.can_pay },
      { available: -500, floor: -500, can_pay: false },
    );
    // The credit check comes first on POST /jobs, so it is the refusal even for an unusable prompt.
    assert.equal((await estimate(user, promptJob("asdf"))).admission.refusal?.code, "insufficient_credits");
  },
);

t("POST /jobs/estimates refuses the request as POST /jobs does: 400, 401, 404, 413, 415, 429", async () => {
  const user = await newUser("estimates.statuses");
  const other = await newUser("estimates.other");
  const theirs = await newProject(other, { name: "Theirs" });
  const post = (body: unknown, headers: Record<string, string> = {}, token = user.token) =>
    api("POST", "/jobs/estimates", { token, body, headers });
  expectError(await post({ type: "prompt", input: { prompt: "   " } }), 400, "invalid_request");
  expectError(await post({ ...promptJob("a todo app"), surprise: true }), 400, "invalid_request");
  expectError(await api("POST", "/jobs/estimates", { body: promptJob("a todo app") }), 401, "unauthorized");
  expectError(await post(promptJob("a todo app", { project_id: theirs.id })), 404, "project_not_found");
  expectError(await post("x".repeat(1024 * 1024 + 1)), 413, "payload_too_large");
  expectError(await post("type=prompt", { "content-type": "text/plain" }), 415, "unsupported_media_type");

  const limit = Number((await db()`select private.setting('quota_limit', '30') as v`)[0].v);
  await db()`insert into public.prompt_evaluations (user_id) select ${user.id} from generate_series(1, ${limit})`;
  const res = await post(promptJob("a habit tracker app"));
  expectError(res, 429, "rate_limited");
  const retryAfter = Number(res.headers.get("retry-after"));
  assert.ok(
    Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600,
    `Retry-After ${retryAfter}`,
  );
  // The quota is the one POST /jobs counts against.
  expectError(await api("POST", "/jobs", { token: user.token, body: promptJob("a habit tracker app") }), 429);
});
