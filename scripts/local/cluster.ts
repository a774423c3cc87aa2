// A private PostgreSQL 15 cluster for the local stack: created on first use, loopback and socket only,
// pg_cron preloaded, owned by the `postgres` OS user when we run as root (initdb and pg_ctl refuse root).
import { dirname, join } from "node:path";
import { existsSync } from "node:fs";

const PG_BIN = "/usr/lib/postgresql/15/bin";
const SUPERUSER = "supabase_admin";

export interface Cluster {
  dir: string;
  port: number;
  password: string;
  /** Superuser URL, for bootstrap and the pg_net worker only. */
  adminUrl: string;
  /** URL of the `postgres` role, as hosted Supabase hands it to functions and the CLI. */
  url: string;
}

const isRoot = Deno.uid() === 0;

async function run(
  cmd: string,
  args: string[],
  opts: { asPostgres?: boolean; env?: Record<string, string> } = {},
) {
  const [bin, argv] = opts.asPostgres && isRoot
    ? ["runuser", ["-u", "postgres", "--", cmd, ...args]]
    : [cmd, args];
  const out = await new Deno.Command(bin, { args: argv, env: opts.env, stdout: "piped", stderr: "piped" })
    .output();
  if (!out.success) {
    const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${text}`);
  }
  return new TextDecoder().decode(out.stdout);
}

/**
 * Another OS user (postgres for its data directory, the build user for the builds) must be able to reach
 * `dir`: grant traversal, not reading, on every parent where it is missing (a checkout under a 0700 temporary
 * directory, say).
 */
export async function ensureReachable(dir: string, user = "the postgres user") {
  if (!isRoot) return;
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    const info = await Deno.stat(d);
    if (info.mode !== null && (info.mode & 0o001) === 0) {
      await Deno.chmod(d, info.mode | 0o001);
      console.log(`local stack: allowed ${user} to traverse ${d}`);
    }
  }
}

function urls(dir: string, port: number, password: string): Cluster {
  const enc = encodeURIComponent(password);
  return {
    dir,
    port,
    password,
    adminUrl: `postgres://${SUPERUSER}:${enc}@127.0.0.1:${port}/postgres`,
    url: `postgres://postgres:${enc}@127.0.0.1:${port}/postgres`,
  };
}

/**
 * Creates the cluster if `dir` holds none yet; returns its addresses. A throw-away cluster (tests)
 * trades durability for speed; `preload` adds libraries to pg_cron's (the benchmark's statement statistics).
 */
export async function ensureCluster(
  dir: string,
  port: number,
  opts: { throwaway?: boolean; preload?: string[] } = {},
): Promise<Cluster> {
  const data = join(dir, "data");
  const passwordFile = join(dir, "password");
  await Deno.mkdir(dir, { recursive: true });
  await ensureReachable(dir);
  if (!existsSync(join(data, "PG_VERSION"))) {
    const password = crypto.randomUUID().replaceAll("-", "");
    await Deno.writeTextFile(passwordFile, password, { mode: 0o600 });
    const pwfile = join(dir, "initdb.pw");
    await Deno.writeTextFile(pwfile, password);
    await Deno.mkdir(join(dir, "sock"), { recursive: true });
    if (isRoot) await run("chown", ["-R", "postgres:postgres", dir]);
    await run(`${PG_BIN}/initdb`, [
      "-D",
      data,
      "-U",
      SUPERUSER,
      "--pwfile",
      pwfile,
      "-A",
      "scram-sha-256",
      "-E",
      "UTF8",
      "--locale",
      "C.UTF-8",
    ], { asPostgres: true });
    await Deno.remove(pwfile);
    await Deno.writeTextFile(
      join(data, "postgresql.auto.conf"),
      [
        "listen_addresses = '127.0.0.1'",
        `shared_preload_libraries = '${["pg_cron", ...opts.preload ?? []].join(",")}'`,
        "cron.database_name = 'postgres'",
        "cron.use_background_workers = on",
        "max_worker_processes = 32",
        "max_connections = 300",
        ...(opts.throwaway ? ["fsync = off", "synchronous_commit = off", "full_page_writes = off"] : []),
        "log_min_messages = warning",
        "timezone = 'UTC'",
        "",
      ].join("\n"),
      { append: true },
    );
    if (isRoot) await run("chown", ["postgres:postgres", join(data, "postgresql.auto.conf")]);
  }
  return urls(dir, port, (await Deno.readTextFile(passwordFile)).trim());
}

export async function startCluster(c: Cluster) {
  await run(`${PG_BIN}/pg_ctl`, [
    "-D",
    join(c.dir, "data"),
    "-l",
    join(c.dir, "postgres.log"),
    "-w",
    "-t",
    "60",
    "-o",
    `-p ${c.port} -k ${join(c.dir, "sock")}`,
    "start",
  ], { asPostgres: true });
}

export async function stopCluster(c: Cluster) {
  if (!existsSync(join(c.dir, "data", "postmaster.pid"))) return;
  await run(`${PG_BIN}/pg_ctl`, ["-D", join(c.dir, "data"), "-m", "fast", "-w", "stop"], {
    asPostgres: true,
  });
}

/** Runs a SQL file with psql as the superuser, stopping at the first error; `settings` as PGOPTIONS. */
export async function psqlFile(c: Cluster, file: string, url = c.adminUrl, settings = "") {
  await run("psql", [
    "-X",
    "-q",
    "-v",
    "ON_ERROR_STOP=1",
    "-v",
    `cluster_password=${c.password}`,
    "-d",
    url,
    "-f",
    file,
  ], {
    env: { PGSSLMODE: "disable", PGOPTIONS: settings },
  });
}
