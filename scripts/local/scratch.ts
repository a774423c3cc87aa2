// Scratch databases for the declarative schemas: a throw-away cluster with the Supabase-compatible
// bootstrap, built either from supabase/migrations (the supabase CLI, as the stack does) or from the
// schema files that supabase/config.toml lists, and the diff between two of them (@pgkit/migra).
// Each build gets a cluster of its own: pg_cron lives in one database per cluster.
import { basename, dirname, join } from "node:path";
import { type Cluster, ensureCluster, psqlFile, startCluster, stopCluster } from "./cluster.ts";
import { freePort, migrate, ROOT } from "./stack.ts";
import postgres from "postgres";

export interface Scratch {
  cluster: Cluster;
  stop(): Promise<void>;
}

/** A started throw-away cluster with the bootstrap and the pg_net stand-in, nothing else. */
export async function scratchCluster(): Promise<Scratch> {
  const dir = await Deno.makeTempDir({ prefix: "appgen-scratch-" });
  const cluster = await ensureCluster(join(dir, "pg"), freePort(), { throwaway: true });
  await startCluster(cluster);
  const stop = async () => {
    await stopCluster(cluster);
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  try {
    await psqlFile(cluster, join(ROOT, "scripts/local/bootstrap.sql"));
    await psqlFile(cluster, join(ROOT, "scripts/local/pg_net.sql"));
  } catch (err) {
    await stop();
    throw err;
  }
  return { cluster, stop };
}

/** The files a path names; `*` may stand in its last part (`./schemas/jobs/*.sql`), matched in name order. */
function glob(path: string): string[] {
  const name = basename(path);
  if (!name.includes("*")) return [path];
  const re = new RegExp(
    `^${name.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`,
  );
  return [...Deno.readDirSync(dirname(path))].filter((e) => e.isFile && re.test(e.name))
    .map((e) => join(dirname(path), e.name)).sort();
}

/** The schema files in the order `[db.migrations] schema_paths` of supabase/config.toml lists them. */
export function schemaFiles(): string[] {
  const config = Deno.readTextFileSync(join(ROOT, "supabase/config.toml"));
  const block = /\[db\.migrations\][^[]*?schema_paths\s*=\s*\[([^\]]*)\]/s.exec(config);
  if (!block) throw new Error("supabase/config.toml lists no [db.migrations] schema_paths");
  const files: string[] = [];
  for (const [, pattern] of block[1].matchAll(/"([^"]+)"/g)) {
    const matched = glob(join(ROOT, "supabase", pattern)).filter((p) => !files.includes(p));
    if (!matched.length) throw new Error(`schema_paths: ${pattern} matches no file`);
    files.push(...matched);
  }
  return files;
}

/** A scratch cluster built from supabase/migrations or from the schema files. */
export async function scratchBuild(from: "migrations" | "schemas"): Promise<Scratch> {
  const scratch = await scratchCluster();
  try {
    if (from === "migrations") await migrate(scratch.cluster);
    else {
      // A SQL function's body may name what a later file defines, as in pg_dump's output.
      for (const file of schemaFiles()) {
        await psqlFile(scratch.cluster, file, scratch.cluster.url, "-c check_function_bodies=off");
      }
    }
  } catch (err) {
    await scratch.stop();
    throw err;
  }
  return scratch;
}

/** Schemas of the platform and its extensions, never part of the diff (auth is: triggers on auth.users). */
const PLATFORM_SCHEMAS = [
  "supabase_migrations",
  "cron",
  "net",
  "extensions",
  "storage",
  "information_schema",
];

/**
 * The statements that turn database `from` into `to`: tables, functions, policies, triggers and
 * privileges alike. Drops are allowed (a removed object is a change like any other).
 */
export async function diff(from: Cluster, to: Cluster): Promise<string> {
  // Written to a file: migra exits before a pipe takes more than its first 64 KiB.
  const file = await Deno.makeTempFile({ suffix: ".sql" });
  try {
    const out = await new Deno.Command("bash", {
      args: [
        "-c",
        'out="$1"; shift; exec "$@" >"$out"',
        "migra",
        file,
        join(ROOT, "node_modules/.bin/migra"),
        "run",
        `${from.url}?sslmode=disable`,
        `${to.url}?sslmode=disable`,
        "--unsafe",
        "--with-privileges",
        "--exclude-schema",
        ...PLATFORM_SCHEMAS,
      ],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    // migra exits 2 when the databases differ, 0 when they agree.
    if (out.code !== 0 && out.code !== 2) {
      throw new Error(`migra failed:\n${new TextDecoder().decode(out.stderr)}`);
    }
    const grants = await privilegeChanges(from, to);
    return [(await Deno.readTextFile(file)).trim(), ...grants].filter(Boolean).join("\n\n");
  } finally {
    await Deno.remove(file);
  }
}

/** Who may execute each function and use each column, as grant statements (migra compares tables only). */
async function privileges(c: Cluster): Promise<Set<string>> {
  const sql = postgres(c.adminUrl, { prepare: false, max: 1, onnotice: () => {} });
  try {
    const rows = await sql.begin(async (tx) => {
      await tx`set local search_path = ''`;
      return await tx`
        select format('grant execute on function %s to %s;', p.oid::regprocedure,
                      coalesce(quote_ident(r.rolname), 'public')) as statement
          from pg_proc p
          cross join aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
          left join pg_roles r on r.oid = a.grantee
         where p.pronamespace::regnamespace::text in ('api', 'private', 'public') and a.grantee <> p.proowner
           and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        union all
        select format('grant %s (%I) on table %s to %s;', lower(a.privilege_type), t.attname, t.attrelid::regclass,
                      coalesce(quote_ident(r.rolname), 'public'))
          from pg_attribute t
          join pg_class k on k.oid = t.attrelid
          cross join aclexplode(t.attacl) a
          left join pg_roles r on r.oid = a.grantee
         where k.relnamespace::regnamespace::text in ('api', 'private', 'public') and t.attacl is not null
         order by 1`;
    });
    return new Set(rows.map((r) => r.statement as string));
  } finally {
    await sql.end();
  }
}

/** The grants and revokes of functions and columns that turn `from`'s privileges into `to`'s. */
async function privilegeChanges(from: Cluster, to: Cluster): Promise<string[]> {
  const [had, wanted] = await Promise.all([privileges(from), privileges(to)]);
  const revokes = [...had].filter((g) => !wanted.has(g))
    .map((g) => g.replace(/^grant /, "revoke ").replace(/ to ([^ ]+);$/, " from $1;"));
  return [...revokes, ...[...wanted].filter((g) => !had.has(g))];
}
