// The scale section's data: other users' rows at a million-row volume, written by set-based SQL
// (generate_series) in a few statements. Triggers and foreign-key checks are off while seeding
// (session_replication_role = replica), so each statement writes exactly its rows: the ids it refers to
// are made consistent here instead (users are md5('scale-user-<n>') uuids, each with profile and wallet).
import type postgres from "postgres";

export interface ScaleVolume {
  users: number;
  projects: number;
  jobs: number;
  notifications: number;
  ledger: number;
  usage: number;
  blocks: number;
  /** Versions of one project, each of VERSION_FILES files (a new contents per version and file). */
  versions: number;
}

const VERSION_FILES = 20;

export const SCALE_VOLUME: ScaleVolume = {
  users: 50_000,
  projects: 1_000_000,
  jobs: 1_000_000,
  notifications: 1_000_000,
  ledger: 1_000_000,
  usage: 1_000_000,
  blocks: 100_000,
  versions: 10_000,
};

/** One word in 40 of project names: common enough to page through, rare enough to matter. */
export const COMMON_WORD = "budget";
/** In no seeded name or description. */
export const ABSENT_WORD = "zyzzogeton";

const NOUNS = [
  "todo",
  "recipe",
  "fitness",
  "travel",
  "budget",
  "habit",
  "journal",
  "photo",
  "music",
  "weather",
  "chat",
  "notes",
  "garden",
  "study",
  "shopping",
  "pet",
  "reading",
  "movie",
  "podcast",
  "workout",
  "meal",
  "sleep",
  "water",
  "language",
  "quiz",
  "event",
  "wedding",
  "baby",
  "car",
  "home",
  "invoice",
  "expense",
  "crypto",
  "stock",
  "news",
  "game",
  "puzzle",
  "timer",
  "map",
  "scanner",
];
const ADJECTIVES = [
  "simple",
  "smart",
  "tiny",
  "daily",
  "family",
  "pocket",
  "quick",
  "cozy",
  "bright",
  "local",
];
const VERBS = [
  "track",
  "plan",
  "share",
  "organize",
  "discover",
  "log",
  "learn",
  "compare",
  "remember",
  "book",
];

const words = (list: string[]) => `array[${list.map((w) => `'${w}'`).join(", ")}]`;

/** The seeding statements, each with what it writes, for progress lines. */
export function seedSteps(v: ScaleVolume): { label: string; sql: string }[] {
  const user = (n: string) => `md5('scale-user-' || (${n})::text)::uuid`;
  const nouns = words(NOUNS);
  return [
    {
      label: `${v.users.toLocaleString("en")} users (auth.users, profiles, wallets)`,
      sql: `
        with u as (select n, ${user("n")} as id from generate_series(1, ${v.users}) n),
        a as (
          insert into auth.users (id, email, created_at, updated_at)
          select id, 'scale' || n || '@example.com', now() - interval '400 days', now() - interval '400 days' from u
        ),
        p as (
          insert into public.profiles (id, username, created_at, updated_at)
          select id, 'scale_user_' || n, now() - interval '400 days', now() - interval '400 days' from u
        )
        insert into public.wallets (user_id, balance) select id, 0 from u`,
    },
    {
      label: `${v.projects.toLocaleString("en")} projects, a third shared, with their search terms`,
      sql: `
        with p as (
          insert into public.projects (user_id, name, description, shared, created_at, updated_at)
          select ${user(`1 + n % ${v.users}`)},
                 initcap((${
        words(ADJECTIVES)
      })[1 + n % 10]) || ' ' || (${nouns})[1 + (n / 10) % 40] || ' ' || n,
                 'An app to ' || (${
        words(VERBS)
      })[1 + (n / 7) % 10] || ' your ' || (${nouns})[1 + (n / 400) % 40]
                   || ' and more.',
                 n % 3 = 0, t, t
            from generate_series(1, ${v.projects}) n,
                 lateral (select now() - interval '1 hour' - (${v.projects} - n) * interval '30 seconds' as t) x
          returning id, user_id, created_at, search, shared
        )
        insert into public.project_terms (user_id, term, created_at, project_id, shared)
        select p.user_id, w, p.created_at, p.id, p.shared from p, unnest(tsvector_to_array(p.search)) w`,
    },
    {
      label: `${v.jobs.toLocaleString("en")} finished jobs, each with its three status events`,
      sql: `
        with j as (
        insert into public.jobs (user_id, project_id, status, input, result, attempts, dispatched_at, started_at,
                                 finished_at, created_at, updated_at)
        select ${user(`1 + n % ${v.users}`)}, null, 'succeeded',
               jsonb_build_object('prompt', 'a ' || (${nouns})[1 + n % 40] || ' app', 'model', 'light'),
               jsonb_build_object('files_saved', 12), 1, t, t, t + interval '2 seconds', t, t + interval '2 seconds'
          from generate_series(1, ${v.jobs}) n,
               lateral (select now() - interval '1 hour' - (${v.jobs} - n) * interval '30 seconds' as t) x
        returning id, user_id, created_at, started_at, finished_at
        )
        insert into public.job_events (job_id, user_id, type, data, created_at)
        select j.id, j.user_id, 'status', jsonb_build_object('id', j.id, 'status', e.status, 'created_at', j.created_at), e.at
          from j, lateral (values ('queued', j.created_at), ('running', j.started_at), ('succeeded', j.finished_at)) e (status, at)
         order by j.created_at, e.at`,
    },
    {
      label: `${v.usage.toLocaleString("en")} usage events`,
      sql: `
        insert into public.usage_events (user_id, status, model, provider, tier, tokens_in, tokens_out, cost_eur,
                                         credits, created_at)
        select ${user(`1 + n % ${v.users}`)}, case when n % 10 = 0 then 'failed' else 'succeeded' end,
               'template-light', 'template', 'light', 1000, 2000, 0.05, 5,
               now() - interval '1 hour' - (${v.usage} - n) * interval '30 seconds'
          from generate_series(1, ${v.usage}) n`,
    },
    {
      label: `${v.notifications.toLocaleString("en")} notifications`,
      sql: `
        insert into public.notifications (recipient_id, sender_id, type, payload, is_read, created_at)
        select ${user(`1 + n % ${v.users}`)}, case when n % 2 = 0 then ${
        user(`1 + (n + 1) % ${v.users}`)
      } end,
               case when n % 2 = 0 then 'reshare' else 'job_succeeded' end,
               jsonb_build_object('project_id', n), n % 4 <> 0,
               now() - interval '1 hour' - (${v.notifications} - n) * interval '30 seconds'
          from generate_series(1, ${v.notifications}) n`,
    },
    {
      label: `${v.ledger.toLocaleString("en")} ledger rows`,
      sql: `
        insert into public.wallet_transactions (user_id, reason, amount, balance_after, bonus_balance_after,
                                                metadata, created_at)
        select ${user(`1 + n % ${v.users}`)}, 'spend', -5, -5 * (1 + n / ${v.users}), 0,
               jsonb_build_object('credits', 5), now() - interval '1 hour' - (${v.ledger} - n) * interval '30 seconds'
          from generate_series(1, ${v.ledger}) n`,
    },
    {
      label: "wallet balances matching the ledger",
      sql: `
        update public.wallets w set balance = s.total
          from (select user_id, sum(amount) as total from public.wallet_transactions group by user_id) s
         where s.user_id = w.user_id and w.user_id in (select ${
        user("n")
      } from generate_series(1, ${v.users}) n)`,
    },
    {
      label: `${v.blocks.toLocaleString("en")} blocks`,
      sql: `
        insert into public.blocks (blocker_id, blocked_user_id)
        select ${user(`1 + n % ${v.users}`)}, ${user(`1 + (n * 7 + 1) % ${v.users}`)}
          from generate_series(1, ${v.blocks}) n
        on conflict do nothing`,
    },
    {
      label: `${v.versions.toLocaleString("en")} versions of one project, ${VERSION_FILES} files each`,
      sql: `
        with p as (select id, user_id from public.projects where user_id = ${user("1")} order by id limit 1),
        b as (
          insert into public.file_blobs (user_id, sha256, contents, bytes)
          select p.user_id, sha256(convert_to('file ' || n, 'UTF8')), 'file ' || n, length('file ' || n)
            from p, generate_series(1, ${v.versions} + ${VERSION_FILES}) n
        ),
        ver as (
          insert into public.project_versions (project_id, user_id, number, files, created_at)
          select p.id, p.user_id, n, ${VERSION_FILES}, now() - (${v.versions} - n) * interval '1 second'
            from p, generate_series(1, ${v.versions}) n
          returning id, user_id, number
        )
        insert into public.version_files (version_id, path, type, user_id, sha256)
        select ver.id, 'src/file' || f || '.ts', 'CODE', ver.user_id, sha256(convert_to('file ' || (ver.number + f), 'UTF8'))
          from ver, generate_series(1, ${VERSION_FILES}) f`,
    },
  ];
}

/** Runs the steps on one connection as the superuser, printing each with its duration; then ANALYZE. */
export async function seedScale(
  adminUrl: string,
  v: ScaleVolume,
  log: (line: string) => void,
  pg: typeof postgres,
) {
  const sql = pg(adminUrl, { prepare: false, max: 1, onnotice: () => {} });
  try {
    await sql`set session_replication_role = replica`;
    for (const step of seedSteps(v)) {
      const t0 = performance.now();
      await sql.unsafe(step.sql);
      log(`  seeded ${step.label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    await sql`set session_replication_role = origin`;
    const t0 = performance.now();
    await sql`vacuum analyze`;
    log(`  vacuum analyze in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await sql.end();
  }
}
