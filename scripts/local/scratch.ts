// Scratch databases for the declarative schemas: a throw-away cluster with the Supabase-compatible
// bootstrap, built either from supabase/migrations (the supabase CLI, as the stack does) or from the
// schema files that supabase/config.toml lists, and the diff between two of them (@pgkit/migra).
// Each build gets a cluster of its own: pg_cron lives in one database per cluster.
import { join } from "node:path";
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

/** The schema files in the order `[db.migrations] schema_paths` of supabase/config.toml lists them. */
export function schemaFiles(): string[] {
  const config = Deno.readTextFileSync(join(ROOT, "supabase/config.toml"));
  const block = /\[db\.migrations\][^[]*?schema_paths\s*=\s*\[([^\]]*)\]/s.exec(config);
  if (!block) throw new Error("supabase/config.toml lists no [db.migrations] schema_paths");
  // Each path names one file (this reading takes no globs).
  return [...block[1].matchAll(/"([^"]+)"/g)].map(([, path]) => {
    if (path.includes("*")) throw new Error(`schema_paths: name each file, not ${path}`);
    return join(ROOT, "supabase", path);
  });
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
    const more = await extraChanges(from, to);
    return [(await Deno.readTextFile(file)).trim(), ...more].filter(Boolean).join("\n\n");
  } finally {
    await Deno.remove(file);
  }
}

/** One fact migra leaves out, the statement that makes it hold, and the object it is about. */
interface Extra {
  kind: "grant" | "comment" | "collation";
  statement: string;
  object: string;
}

/**
 * What migra leaves out, by key: who may execute each function and use each column (it compares table
 * privileges only), comments, and column collations; with every object of the application's schemas.
 */
async function extras(c: Cluster): Promise<{ facts: Map<string, Extra>; objects: Set<string> }> {
  const sql = postgres(c.adminUrl, { prepare: false, max: 1, onnotice: () => {} });
  try {
    return await sql.begin(async (tx) => {
      await tx`set local search_path = ''`;
      const facts = await tx<(Extra & { key: string })[]>`
        with app as (select oid from pg_namespace where nspname in ('api', 'private', 'public'))
        select 'grant' as kind, statement as key, statement, object
          from (
            select format('grant execute on function %s to %s;', p.oid::regprocedure,
                          coalesce(quote_ident(r.rolname), 'public')) as statement,
                   (pg_identify_object('pg_proc'::regclass, p.oid, 0)).identity as object
              from pg_proc p
              cross join aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
              left join pg_roles r on r.oid = a.grantee
             where p.pronamespace in (select oid from app) and a.grantee <> p.proowner
            union all
            select format('grant %s (%I) on table %s to %s;', lower(a.privilege_type), t.attname,
                          t.attrelid::regclass, coalesce(quote_ident(r.rolname), 'public')),
                   (pg_identify_object('pg_class'::regclass, t.attrelid, t.attnum)).identity
              from pg_attribute t
              join pg_class k on k.oid = t.attrelid
              cross join aclexplode(t.attacl) a
              left join pg_roles r on r.oid = a.grantee
             where k.relnamespace in (select oid from app) and t.attacl is not null
          ) g
        union all
        select 'comment', o.type || ' ' || o.identity,
               format('comment on %s %s is %L;', replace(o.type, 'table column', 'column'), o.identity,
                      d.description),
               o.identity
          from pg_description d
          cross join pg_identify_object(d.classoid, d.objoid, d.objsubid) o
         where o.schema in ('api', 'private', 'public')
        union all
        select 'collation', o.identity,
               format('alter table %s alter column %I type %s collate %s;', t.attrelid::regclass, t.attname,
                      format_type(t.atttypid, t.atttypmod), t.attcollation::regcollation),
               o.identity
          from pg_attribute t
          join pg_class k on k.oid = t.attrelid and k.relkind in ('r', 'p')
          cross join pg_identify_object('pg_class'::regclass, t.attrelid, t.attnum) o
         where k.relnamespace in (select oid from app) and t.attnum > 0 and not t.attisdropped
           and t.attcollation <> 0`;
      const objects = await tx`
        with app as (select oid from pg_namespace where nspname in ('api', 'private', 'public'))
        select (pg_identify_object('pg_proc'::regclass, oid, 0)).identity from pg_proc
         where pronamespace in (select oid from app)
        union all
        select (pg_identify_object('pg_class'::regclass, k.oid, t.attnum)).identity
          from pg_class k join pg_attribute t on t.attrelid = k.oid and t.attnum >= 0 and not t.attisdropped
         where k.relnamespace in (select oid from app)
        union all
        select (pg_identify_object('pg_type'::regclass, oid, 0)).identity from pg_type
         where typnamespace in (select oid from app)
        union all
        select (pg_identify_object('pg_constraint'::regclass, oid, 0)).identity from pg_constraint
         where connamespace in (select oid from app)
        union all
        select (pg_identify_object('pg_trigger'::regclass, g.oid, 0)).identity
          from pg_trigger g join pg_class k on k.oid = g.tgrelid where k.relnamespace in (select oid from app)
        union all
        select (pg_identify_object('pg_policy'::regclass, p.oid, 0)).identity
          from pg_policy p join pg_class k on k.oid = p.polrelid where k.relnamespace in (select oid from app)`;
      return {
        facts: new Map(facts.map((f) => [`${f.kind}:${f.key}`, f])),
        objects: new Set(objects.map((o) => o.identity as string)),
      };
    });
  } finally {
    await sql.end();
  }
}

/** The statements that bring `from`'s extras (above) to `to`'s, sorted; for what `to` lacks, none. */
async function extraChanges(from: Cluster, to: Cluster): Promise<string[]> {
  const [had, wanted] = await Promise.all([extras(from), extras(to)]);
  const out: string[] = [];
  for (const [key, fact] of had.facts) {
    if (wanted.facts.has(key) || !wanted.objects.has(fact.object)) continue;
    if (fact.kind === "grant") {
      out.push(fact.statement.replace(/^grant /, "revoke ").replace(/ to ([^ ]+);$/, " from $1;"));
    }
    if (fact.kind === "comment") out.push(fact.statement.replace(/ is '.*;$/s, " is null;"));
    if (fact.kind === "collation") {
      out.push(fact.statement.replace(/ collate [^ ]+;$/, ' collate "default";'));
    }
  }
  for (const [key, fact] of wanted.facts) {
    const before = had.facts.get(key)?.statement;
    // a new column in the default collation needs nothing
    if (before === fact.statement || (!before && fact.statement.endsWith(' collate "default";'))) continue;
    out.push(fact.statement);
  }
  return out.sort();
}
