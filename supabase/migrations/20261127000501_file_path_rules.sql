-- File paths stay harmless once a project is cloned, zipped or built anywhere. On top of the earlier rules
-- they refuse: a colon (a drive as in `C:/x` or `C:x`, an NTFS stream as in `a:b`); a `.git` segment in any
-- case, with the trailing dots or spaces Windows drops and its short name `GIT~1` (a clone would take such a
-- file as its own configuration or hooks); characters that make a path read as something else (bidi
-- embeddings, overrides and isolates, zero-width and other invisible format characters); and every control
-- character, C1 included. `FILE_PATH_PATTERN` in `_shared/project-files.ts` is the same rule as one pattern,
-- and tests/file_paths_test.ts runs one table of paths through both.
create or replace function private.file_path_problem(path text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when path is null or path = '' then 'empty'
    when length(path) > 512 then 'too_long'
    when left(path, 1) = '/' then 'absolute'
    when strpos(path, E'\\') > 0 then 'backslash'
    when path ~ '[\u0001-\u001f\u007f-\u009f]' then 'control_character'
    when path ~ '[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]'
      then 'invisible_character'
    when strpos(path, ':') > 0 then 'colon'
    when '..' = any (string_to_array(path, '/')) then 'parent_segment'
    when '.' = any (string_to_array(path, '/')) then 'dot_segment'
    when '' = any (string_to_array(path, '/')) then 'empty_segment'
    when exists (
      select from unnest(string_to_array(path, '/')) as s
       where lower(rtrim(s, '. ') collate "C") in ('.git', 'git~1')
    ) then 'git_segment'
  end
$$;
