-- A lot's photos and videos kept on the lot as its pages show them (issue 20: lists and details
-- read stored figures): the auction list, the buyer's lots and the lot page read two columns
-- instead of a lookup of lot_media and media for each lot they show.
ALTER TABLE "lots" ADD COLUMN "media" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "thumb_name" text;--> statement-breakpoint
-- The lot's media in their order, from lot_media: what `media` keeps.
CREATE FUNCTION "sm_lot_media"("p_lot" uuid) RETURNS json LANGUAGE sql STABLE AS $$
  select coalesce(json_agg(json_build_object('id', m.id, 'kind', m.kind, 'fileName', m.file_name,
      'thumbName', m.thumb_name, 'width', m.width, 'height', m.height, 'size', m.size)
      order by lm.position), '[]')
    from lot_media lm join media m on m.id = lm.media_id where lm.lot_id = p_lot
$$;--> statement-breakpoint
-- The first photo's thumbnail of such media: what `thumb_name` keeps for the auction list, which
-- would otherwise parse each lot's media.
CREATE FUNCTION "sm_first_photo_thumb"("p_media" json) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select e->>'thumbName' from json_array_elements(p_media) e where e->>'kind' = 'photo' limit 1
$$;--> statement-breakpoint
CREATE FUNCTION "sm_keep_lot_media"("p_lot" uuid) RETURNS void LANGUAGE sql AS $$
  update lots set media = k.media, thumb_name = sm_first_photo_thumb(k.media)
    from (select sm_lot_media(p_lot) as media) k
    where id = p_lot
$$;--> statement-breakpoint
-- Media rows never change, so a lot's columns move only with its lot_media rows: kept once a
-- statement for each lot it touched. Both writers are one statement a lot (a publish's photos, a
-- relist's copy), which a row trigger refigured once a photo. A trigger with transition tables
-- takes one event, hence three.
CREATE FUNCTION "sm_follow_lot_media"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'INSERT' then
    perform sm_keep_lot_media(c.lot_id) from (select distinct lot_id from new_rows) c;
  elsif tg_op = 'DELETE' then
    perform sm_keep_lot_media(c.lot_id) from (select distinct lot_id from old_rows) c;
  else
    perform sm_keep_lot_media(c.lot_id)
      from (select lot_id from old_rows union select lot_id from new_rows) c;
  end if;
  return null;
end;
$$;--> statement-breakpoint
CREATE TRIGGER "lot_media_follow_insert" AFTER INSERT ON "lot_media"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sm_follow_lot_media();--> statement-breakpoint
CREATE TRIGGER "lot_media_follow_update" AFTER UPDATE ON "lot_media"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sm_follow_lot_media();--> statement-breakpoint
CREATE TRIGGER "lot_media_follow_delete" AFTER DELETE ON "lot_media"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sm_follow_lot_media();--> statement-breakpoint
-- The lots published before this release.
SELECT sm_keep_lot_media(l.id) FROM lots l
  WHERE EXISTS (SELECT 1 FROM lot_media lm WHERE lm.lot_id = l.id);
