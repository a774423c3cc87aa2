// The benchmark's baseline: the least a server can do to answer GET /jobs/{id} and GET /projects — the
// same token verification (jose, cached claims) and the same SQL through the same driver and pool as the
// `v1` function — with no framework, validation, router or error mapper. Run as its own process, as the
// gateway is; PORT picks the port.
import { config } from "../supabase/functions/_shared/config.ts";
import { createTokenVerifier } from "../supabase/functions/_shared/auth.ts";
import { accountExists, createDb, selectAsUser } from "../supabase/functions/_shared/db.ts";
import { ApiError } from "../supabase/functions/_shared/errors.ts";

const c = config();
const db = createDb(c.SUPABASE_DB_URL, { max: c.DB_POOL_SIZE });
const verifier = createTokenVerifier({
  jwksUrl: c.jwksUrl,
  issuer: c.issuer,
  legacySecret: c.SUPABASE_JWT_SECRET,
  resource: `${c.functionsUrl}/v1`,
  accountExists: (userId) => accountExists(db, userId),
});
const JOB_PATH = /^\/jobs\/([0-9a-f-]{36})$/;

async function handle(req: Request): Promise<Response> {
  try {
    const claims = await verifier.verify(req.headers.get("authorization"));
    const path = new URL(req.url).pathname;
    const job = JOB_PATH.exec(path);
    if (job) {
      return Response.json(await selectAsUser(db, claims, (sql) => sql`select api.get_job(${job[1]}) as r`));
    }
    if (path === "/projects") {
      return Response.json(
        await selectAsUser(db, claims, (sql) => sql`select api.list_projects(20, null, 'mine', null) as r`),
      );
    }
    return new Response(null, { status: 404 });
  } catch (err) {
    return new Response(null, { status: err instanceof ApiError ? err.status : 500 });
  }
}

const server = Deno.serve({
  hostname: "127.0.0.1",
  port: Number(Deno.env.get("PORT")),
  onListen: () => {},
}, handle);
Deno.addSignalListener("SIGTERM", async () => {
  await server.shutdown();
  await db.end();
  Deno.exit(0);
});
