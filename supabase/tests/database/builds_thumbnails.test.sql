-- Thumbnails: the worker's role records a succeeded build's image by its preview token; the project shows
-- the image of the build whose preview it shows, null from the moment a newer preview replaces it until that
-- build's image is recorded; only the worker records one, and only the owner sees it.
begin;
\ir _helpers.psql
select plan(11);

select pg_temp.create_user('a1111111-1111-1111-1111-111111111111', 'thumbs.alice@example.com');
select pg_temp.create_user('b2222222-2222-2222-2222-222222222222', 'thumbs.bob@example.com');
select pg_temp.create_project(9201, 'a1111111-1111-1111-1111-111111111111', 'Alice app');
-- The test acts as the worker's role too.
grant build_worker to current_user;

-- Two builds of the project as finish_build leaves them; the project shows the first's preview.
insert into public.builds (project_id, user_id, reason, status, preview_token, preview_url) values
  (9201, 'a1111111-1111-1111-1111-111111111111', 'manual', 'succeeded', repeat('a', 48), 'http://w.test/p/' || repeat('a', 48) || '/'),
  (9201, 'a1111111-1111-1111-1111-111111111111', 'manual', 'succeeded', repeat('b', 48), 'http://w.test/p/' || repeat('b', 48) || '/');
insert into public.builds (project_id, user_id, reason, status, preview_token) values
  (9201, 'a1111111-1111-1111-1111-111111111111', 'manual', 'failed', repeat('c', 48));
update public.projects set preview_url = 'http://w.test/p/' || repeat('a', 48) || '/' where id = 9201;

-- As the worker's role, which may call the function (the answers kept in settings: pgTAP is not its to call).
set local role build_worker;
select set_config('test.a', private.record_build_thumbnail(repeat('a', 48), 'http://w.test/p/' || repeat('a', 48) || '.png')::text, true),
       set_config('test.c', private.record_build_thumbnail(repeat('c', 48), 'http://w.test/p/c.png')::text, true),
       set_config('test.d', private.record_build_thumbnail(repeat('d', 48), 'http://w.test/p/d.png')::text, true);
reset role;
select is(current_setting('test.a'), 'true', 'the worker records a succeeded build''s thumbnail');
select is(current_setting('test.c'), 'false', 'not a failed build''s');
select is(current_setting('test.d'), 'false', 'nor an unknown token''s');
select throws_ok($$select private.record_build_thumbnail(repeat('a', 48), 'file:///etc/passwd')$$, 'PT400', null,
  'an image URL is http(s)');

select is((select preview_image_url from public.builds where preview_token = repeat('a', 48)),
  'http://w.test/p/' || repeat('a', 48) || '.png', 'the build carries its image');
select is((select preview_image_url from public.projects where id = 9201),
  'http://w.test/p/' || repeat('a', 48) || '.png', 'and so does the project showing its preview');

-- A newer preview: the project has no image until that build's is recorded, then its own.
update public.projects set preview_url = 'http://w.test/p/' || repeat('b', 48) || '/' where id = 9201;
select is((select preview_image_url from public.projects where id = 9201), null,
  'a newer preview takes the older image away');
set local role build_worker;
select set_config('test.b', private.record_build_thumbnail(repeat('b', 48), 'http://w.test/p/' || repeat('b', 48) || '.png')::text, true),
       set_config('test.a', private.record_build_thumbnail(repeat('a', 48), 'http://w.test/p/' || repeat('a', 48) || '.png')::text, true);
reset role;
select is(current_setting('test.b') || current_setting('test.a'), 'truetrue',
  'the newer build''s thumbnail is recorded, and the older one''s again');
select is((select preview_image_url from public.projects where id = 9201),
  'http://w.test/p/' || repeat('b', 48) || '.png', 'the project keeps the image of the preview it shows');

-- The owner reads it on the project and its builds; nobody else, and no user records one.
select pg_temp.as_user('a1111111-1111-1111-1111-111111111111');
select is(api.get_project(9201) ->> 'preview_image_url', 'http://w.test/p/' || repeat('b', 48) || '.png',
  'the project''s JSON has the image');
reset role;
select pg_temp.as_user('b2222222-2222-2222-2222-222222222222');
select throws_ok($$select private.record_build_thumbnail(repeat('a', 48), 'http://x.test/a.png')$$, '42501', null,
  'a user cannot record a thumbnail');
reset role;

select * from finish();
rollback;
