-- Wallet and billing in SQL: the ledger invariant, bonus order and expiry, the floor, idempotent top-ups,
-- the wallet and ledger as the API shows them, and who may read or write them.
begin;
\ir _helpers.psql
select plan(59);

select pg_temp.create_user('c1111111-1111-4111-8111-111111111111', 'wallet.alice@example.com');
select pg_temp.create_user('c2222222-2222-4222-8222-222222222222', 'wallet.bob@example.com');
select pg_temp.create_user('c3333333-3333-4333-8333-333333333333', 'wallet.carol@example.com');

-- Balance = sum of the ledger, and every row's balances after it = the running sums, for every wallet here.
create function pg_temp.ledger_holds() returns boolean language sql as $$
  select not exists (
    select from public.wallets w
     where w.user_id in ('c1111111-1111-4111-8111-111111111111', 'c2222222-2222-4222-8222-222222222222',
                         'c3333333-3333-4333-8333-333333333333')
       and (w.balance, w.bonus_balance) is distinct from
           (select (coalesce(sum(t.amount), 0)::bigint, coalesce(sum(t.bonus_amount), 0)::bigint)
              from public.wallet_transactions t where t.user_id = w.user_id))
  and not exists (
    select from (select t.balance_after, t.bonus_balance_after,
                        sum(t.amount) over (partition by t.user_id order by t.created_at) as running,
                        sum(t.bonus_amount) over (partition by t.user_id order by t.created_at) as running_bonus
                   from public.wallet_transactions t
                  where t.user_id in ('c1111111-1111-4111-8111-111111111111', 'c2222222-2222-4222-8222-222222222222',
                                      'c3333333-3333-4333-8333-333333333333')) r
     where r.balance_after <> r.running or r.bonus_balance_after <> r.running_bonus);
$$;

create function pg_temp.topup(uid uuid, session text, credits bigint) returns jsonb language sql as $$
  select private.credit_topup(uid, session, credits, credits, 'eur',
    jsonb_build_object('event_id', 'evt_' || session, 'event_type', 'checkout.session.completed'));
$$;

-- Signup
select is((select string_agg(reason || ':' || amount || ':' || bonus_amount, ',') from public.wallet_transactions
            where user_id = 'c1111111-1111-4111-8111-111111111111'), 'bonus:0:500',
  'a signup writes the welcome bonus into the ledger');
select ok(pg_temp.ledger_holds(), 'the ledger holds from the start');

-- Bonus first, then the paid balance, which may go negative
do $$ begin perform private.spend_credits('c1111111-1111-4111-8111-111111111111', 120, '{}', 'job:w1'); end $$;
select is((select bonus_balance || '/' || balance from public.wallets where user_id = 'c1111111-1111-4111-8111-111111111111'),
  '380/0', 'a spend takes the bonus first');
do $$ begin perform private.spend_credits('c1111111-1111-4111-8111-111111111111', 680, '{}', 'job:w2'); end $$;
select is((select bonus_balance || '/' || balance from public.wallets where user_id = 'c1111111-1111-4111-8111-111111111111'),
  '0/-300', 'then the paid balance, below zero');
select is((select bonus_amount || '/' || amount from public.wallet_transactions where external_ref = 'job:w2'),
  '-380/-300', 'one spend row splits the cost between bonus and balance');
select ok(pg_temp.ledger_holds(), 'the ledger holds after spends');

-- A top-up pays off the negative balance first
select is(pg_temp.topup('c1111111-1111-4111-8111-111111111111', 'cs_test_w1', 500) ->> 'outcome', 'credited',
  'a paid session is credited');
select is((select balance from public.wallets where user_id = 'c1111111-1111-4111-8111-111111111111'), 200::bigint,
  'the top-up first paid off the 300 credits of debt');
select is((select (metadata ->> 'settled_debt')::int || '/' || amount || '/' || balance_after || '/' || bonus_balance_after
                  || '/' || external_ref
             from public.wallet_transactions where external_ref = 'checkout:cs_test_w1'),
  '300/500/200/0/checkout:cs_test_w1', 'the topup row records the debt it settled and the balances after it');
select is((select metadata - 'settled_debt' from public.wallet_transactions where external_ref = 'checkout:cs_test_w1'),
  jsonb_build_object('event_id', 'evt_cs_test_w1', 'event_type', 'checkout.session.completed', 'session_id', 'cs_test_w1',
    'credits', 500, 'amount_eur', '5.00', 'currency', 'eur', 'display_amount', '5,00' || chr(160) || '€'),
  'and the session, the event and the amount');

-- Exactly once per session, whatever the deliveries. (Sessions of pg_prove cannot run concurrently; the
-- Deno tests send 20 truly concurrent deliveries over HTTP.)
create temp table outcomes (outcome text);
insert into outcomes select pg_temp.topup('c2222222-2222-4222-8222-222222222222', 'cs_test_w2', 2000) ->> 'outcome'
  from generate_series(1, 20);
select is((select string_agg(outcome || ':' || n, ',' order by outcome)
             from (select outcome, count(*) as n from outcomes group by outcome) o),
  'credited:1,duplicate:19', '20 deliveries of one session: one credit, 19 duplicates');
select is(private.credit_topup('c2222222-2222-4222-8222-222222222222', 'cs_test_w2', 2000, 2000, 'eur',
  '{"event_type": "checkout.session.async_payment_succeeded"}') ->> 'outcome', 'duplicate',
  'the session''s async_payment_succeeded after its completion is a duplicate too');
select is((select balance from public.wallets where user_id = 'c2222222-2222-4222-8222-222222222222'), 2000::bigint,
  'the wallet grew once');
select is((select count(*)::int from public.wallet_transactions where external_ref = 'checkout:cs_test_w2'), 1,
  'one ledger row');

-- What a top-up must be
select throws_ok($$select private.credit_topup('c2222222-2222-4222-8222-222222222222', 'cs_test_w3', 2000, 1999, 'eur', '{}')$$,
  'PT400', null, 'credits that differ from the amount charged are refused');
select throws_ok($$select private.credit_topup('c2222222-2222-4222-8222-222222222222', 'cs_test_w3', 2000, 2000, 'usd', '{}')$$,
  'PT400', null, 'a charge in another currency is refused');
select throws_ok($$select private.credit_topup('c2222222-2222-4222-8222-222222222222', 'cs_test_w3', 0, 0, 'eur', '{}')$$,
  'PT400', null, 'zero credits are refused');
select throws_ok($$select private.credit_topup('c2222222-2222-4222-8222-222222222222', '', 100, 100, 'eur', '{}')$$,
  'PT400', null, 'a session id is required');
select is(private.credit_topup(gen_random_uuid(), 'cs_test_w4', 100, 100, 'EUR', '{}') ->> 'outcome', 'wallet_missing',
  'a payer without a wallet is reported, and nothing is written');
select is((select count(*)::int from public.wallet_transactions where external_ref = 'checkout:cs_test_w4'), 0,
  'no row for it');
select ok(pg_temp.ledger_holds(), 'the ledger holds after top-ups');

-- The floor: at -500 (balance + valid bonus) no job starts; a top-up lifts it
do $$ begin perform private.spend_credits('c1111111-1111-4111-8111-111111111111', 700, '{}', 'job:w3'); end $$;
select pg_temp.as_service('c1111111-1111-4111-8111-111111111111');
select throws_ok($$select api.admit_job(null, null)$$, 'PT402', null, 'at the floor a job is refused');
reset role;
do $$ begin perform pg_temp.topup('c1111111-1111-4111-8111-111111111111', 'cs_test_w5', 100); end $$;
select pg_temp.as_service('c1111111-1111-4111-8111-111111111111');
select lives_ok($$select api.admit_job(null, null)$$, 'a top-up above the floor lets jobs start again');
reset role;

-- Expiry: the bonus shows as 0 at once and is written off by the sweep, or by the next spend or top-up
update public.wallets set bonus_expires_at = now() - interval '1 second'
 where user_id in ('c2222222-2222-4222-8222-222222222222', 'c3333333-3333-4333-8333-333333333333');
select pg_temp.as_user('c2222222-2222-4222-8222-222222222222');
select is(api.get_wallet() - 'bonus_expires_at' - 'updated_at',
  jsonb_build_object('balance', 2000, 'bonus_balance', 0, 'total', 2000, 'held', 0, 'available', 2000,
    'display_balance', '20,00' || chr(160) || '€', 'display_bonus_balance', '0,00' || chr(160) || '€',
    'display_total', '20,00' || chr(160) || '€'), 'an expired bonus reads as 0');
reset role;
select ok(private.expire_bonuses() >= 2, 'the sweep writes expired bonuses off');
select is((select bonus_amount || '/' || bonus_balance_after || '/' || balance_after from public.wallet_transactions
            where user_id = 'c2222222-2222-4222-8222-222222222222' and reason = 'bonus_expired'),
  '-500/0/2000', 'one bonus_expired row takes the bonus to zero');
select is((select bonus_balance from public.wallets where user_id = 'c2222222-2222-4222-8222-222222222222'), 0::bigint,
  'the wallet follows');
select is(private.expire_bonuses(), 0, 'a second sweep finds nothing');
do $$ begin perform private.spend_credits('c2222222-2222-4222-8222-222222222222', 50, '{}', 'job:w4'); end $$;
select is((select bonus_amount || '/' || amount from public.wallet_transactions where external_ref = 'job:w4'), '0/-50',
  'after expiry a spend is paid from the balance');
select is((select count(*)::int from cron.job where jobname = 'expire-bonuses' and command = 'select private.expire_bonuses()'),
  1, 'pg_cron runs the sweep');
select ok(pg_temp.ledger_holds(), 'the ledger holds after expiry');

-- created_at is unique per user, so the timestamp cursor is exact
insert into public.wallet_transactions (user_id, reason, balance_after, bonus_balance_after, created_at)
select 'c3333333-3333-4333-8333-333333333333', 'bonus_expired', w.balance, w.bonus_balance, '2026-01-01T00:00:00Z'
  from public.wallets w, generate_series(1, 3) where w.user_id = 'c3333333-3333-4333-8333-333333333333';
select is((select count(distinct created_at)::int from public.wallet_transactions
            where user_id = 'c3333333-3333-4333-8333-333333333333'),
  (select count(*)::int from public.wallet_transactions where user_id = 'c3333333-3333-4333-8333-333333333333'),
  'rows that would tie get distinct created_at');
select has_index('public', 'wallet_transactions', 'wallet_transactions_user_created_at', array['user_id', 'created_at'],
  'a unique index serves the page walk');
select ok(pg_temp.ledger_holds(), 'the ledger holds');

-- The wallet and the ledger as the API shows them
select pg_temp.as_user('c1111111-1111-4111-8111-111111111111');
select is(api.get_wallet() - 'bonus_expires_at' - 'updated_at',
  jsonb_build_object('balance', -400, 'bonus_balance', 0, 'total', -400, 'held', 20, 'available', -420,
    'display_balance', '-4,00' || chr(160) || '€', 'display_bonus_balance', '0,00' || chr(160) || '€',
    'display_total', '-4,00' || chr(160) || '€'),
  'a negative balance displays with its sign; the admission above still holds the larger tier''s price');
select ok(api.get_wallet() ->> 'bonus_expires_at' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$', 'timestamps are UTC ISO');
select is(jsonb_array_length(api.list_wallet_transactions(2, null) -> 'data'), 2, 'a page holds limit rows');
select is((api.list_wallet_transactions(2, null) -> 'data' -> 0 ->> 'reason'), 'topup', 'newest first');
select is((select jsonb_agg(k order by k) from jsonb_object_keys(api.list_wallet_transactions(1, null) -> 'data' -> 0) k),
  '["amount", "balance_after", "bonus_amount", "bonus_balance_after", "created_at", "display_amount",
    "display_balance_after", "id", "metadata", "reason"]'::jsonb, 'a row''s fields');
create temp table walked (id text);
grant all on walked to authenticated;
do $$
declare
  page jsonb;
  cursor text;
begin
  loop
    page := api.list_wallet_transactions(2, cursor);
    insert into walked select r ->> 'id' from jsonb_array_elements(page -> 'data') r;
    cursor := page ->> 'next_cursor';
    exit when cursor is null;
  end loop;
end
$$;
select is((select count(distinct id)::int || '/' || count(*)::int from walked), '6/6',
  'walking the pages returns every row once');
select is(api.list_wallet_transactions(100, '2000-01-01T00:00:00Z'), '{"data": [], "next_cursor": null}'::jsonb,
  'a cursor before everything is an empty last page');
select throws_ok($$select api.list_wallet_transactions(20, 'yesterday-ish')$$, 'PT400',
  'invalid_cursor: cursor must be an ISO 8601 date-time, such as the next_cursor of a page.', 'a bad cursor is 400');
select throws_ok($$select api.list_wallet_transactions(0, null)$$, 'PT400', null, 'limit 0 is 400');
select throws_ok($$select api.list_wallet_transactions(101, null)$$, 'PT400', null, 'limit 101 is 400');
reset role;
select is(private.format_eur(123456), '1.234,56' || chr(160) || '€', 'thousands are grouped with dots');

-- Who reads and writes wallets and the ledger
select pg_temp.as_user('c2222222-2222-4222-8222-222222222222');
select is((select count(*)::int from public.wallets where user_id <> 'c2222222-2222-4222-8222-222222222222'), 0,
  'nobody reads another''s wallet');
select is((select count(*)::int from public.wallet_transactions where user_id <> 'c2222222-2222-4222-8222-222222222222'), 0,
  'nor another''s transactions');
select is((select count(*)::int from public.wallet_transactions), 4, 'only their own: bonus, top-up, expiry, spend');
select is((api.get_wallet() ->> 'balance')::int, 1950, 'GET /wallets/me is the caller''s');
select throws_ok($$update public.wallets set balance = balance + 1000 where user_id = 'c2222222-2222-4222-8222-222222222222'$$,
  '42501', null, 'nobody writes their own wallet');
select throws_ok($$insert into public.wallets (user_id) values (gen_random_uuid())$$, '42501', null, 'nor creates one');
select throws_ok($$insert into public.wallet_transactions (user_id, reason, amount, balance_after, bonus_balance_after)
    values ('c2222222-2222-4222-8222-222222222222', 'topup', 1000, 2950, 0)$$, '42501', null, 'nor writes the ledger');
select throws_ok($$update public.wallet_transactions set amount = 1000000$$, '42501', null, 'nor changes it');
select throws_ok($$delete from public.wallet_transactions$$, '42501', null, 'nor deletes from it');
select throws_ok($$select private.credit_topup('c2222222-2222-4222-8222-222222222222', 'cs_x', 100, 100, 'eur', '{}')$$,
  '42501', null, 'nor tops up by calling the private function');
select throws_ok($$select private.expire_bonuses()$$, '42501', null, 'nor runs the sweep');
reset role;
select pg_temp.as_anon();
select throws_ok('select * from public.wallet_transactions', '42501', null, 'anon reads no ledger');
select throws_ok('select api.get_wallet()', '42501', null, 'anon has no wallet to read');
reset role;
delete from public.wallets where user_id = 'c3333333-3333-4333-8333-333333333333';
select pg_temp.as_user('c3333333-3333-4333-8333-333333333333');
select throws_ok($$select api.get_wallet()$$, 'PT404', 'wallet_not_found: No wallet exists for this account.',
  'no wallet is 404 wallet_not_found');
reset role;

select * from finish();
rollback;
