-- The sweep removes every object of an upload and cannot be stopped: an upload replaced under the same key
-- leaves no object behind (every path ever recorded under the key is removed, and a row recorded again after
-- being listed is kept), and no caller can record paths the runner cannot remove (NULL, nested arrays).
begin;
\ir _helpers.psql
select plan(11);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'replaced.alice@example.com');


select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select api.record_attachment_upload('c0000000-0000-4000-8000-000000000001', array[
  'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/1.png',
  'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/2.png',
  'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/3.png']);
select api.record_attachment_upload('c0000000-0000-4000-8000-000000000001', array[
  'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/1.jpg']);
select is((select paths from public.attachment_uploads),
  array['a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/1.jpg'],
  'POST /jobs may name only the latest upload');
reset role;

update public.attachment_uploads set created_at = now() - interval '2 days';
create temporary table listed as select private.expired_attachment_uploads(10) as due;
select is((select jsonb_agg(p order by p) from jsonb_array_elements_text((select due from listed) -> 0 -> 'paths') p),
  jsonb_build_array(
    'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/1.jpg',
    'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/1.png',
    'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/2.png',
    'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/3.png'),
  'the sweep removes the replaced objects too');

-- Recorded again (same paths) after the sweep listed it: its new objects may be stored after the removal
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select api.record_attachment_upload('c0000000-0000-4000-8000-000000000001', array[
  'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000001/1.jpg']);
reset role;
select is(private.forget_attachment_uploads((select due from listed)), 0, 'so its row is kept');
select is((select count(*)::int from public.attachment_uploads), 1, 'and swept later');

select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$update public.attachment_uploads set stored_paths = array['x']$$, '42501', null,
  'a user cannot rewrite what the sweep removes');
reset role;
select throws_ok($$update public.attachment_uploads set stored_paths = array[
    'b2222222-2222-2222-2222-222222222222/c0000000-0000-4000-8000-000000000001/1.png']$$, '23514', null,
  'and no writer can point it at another user''s objects');

-- Paths the runner could not remove, which made every sweep fail for every user
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002', array[null]::text[])$$,
  'PT400', null, 'a NULL path is refused');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002', array[
    'a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000002/1.png', null])$$,
  'PT400', null, 'also after a valid one');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002', array[
    ['a1111111-1111-1111-1111-111111111111/c0000000-0000-4000-8000-000000000002/1.png']])$$,
  'PT400', null, 'a nested array is refused');
select throws_ok($$select api.record_attachment_upload('c0000000-0000-4000-8000-000000000002', null)$$,
  'PT400', null, 'no paths at all is refused');
reset role;
select is((select count(*)::int from public.attachment_uploads where upload_key = 'c0000000-0000-4000-8000-000000000002'), 0,
  'none of them was recorded');

select * from finish();
rollback;
