-- Thumbnails: after a build's web export is published, the worker renders the preview's first screen and
-- records the image here, on the build and, while the project shows that build's preview, on the project.

-- The worker knows a finished build by its preview token (its lease ended with finish_build). Returns whether
-- a succeeded build took the image: false when the build is gone (pruned, its project deleted).
CREATE FUNCTION private.record_build_thumbnail(token text, image_url text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.builds;
begin
  if image_url is null or image_url !~ '^https?://' or length(image_url) > 2048 then
    perform private.raise_api_error(400, 'invalid_request', 'image_url is an http(s) URL of at most 2048 characters.');
  end if;
  update public.builds x set preview_image_url = image_url
   where x.preview_token = token and x.status = 'succeeded'
  returning * into b;
  if not found then
    return false;
  end if;
  update public.projects p set preview_image_url = image_url
   where p.id = b.project_id and p.preview_url = b.preview_url;
  return true;
end
$$;
GRANT EXECUTE ON FUNCTION private.record_build_thumbnail(token text, image_url text) TO build_worker;

-- A project's image always belongs to the preview it shows: when the preview changes, the image is that
-- build's (null until its thumbnail is recorded).
CREATE FUNCTION private.project_preview_image() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.preview_image_url := (select b.preview_image_url from public.builds b
                             where b.project_id = new.id and b.preview_url = new.preview_url);
  return new;
end
$$;

CREATE TRIGGER projects_preview_image BEFORE UPDATE OF preview_url ON public.projects FOR EACH ROW WHEN ((old.preview_url IS DISTINCT FROM new.preview_url)) EXECUTE FUNCTION private.project_preview_image();
