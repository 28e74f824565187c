-- A lot's photos and videos kept on the lot as its pages show them (issue 20: lists and details
-- read stored figures): the auction list, the buyer's lots and the lot page read two columns
-- instead of a lookup of lot_media and media for each lot they show.
ALTER TABLE "lots" ADD COLUMN "media" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "thumb_name" text;--> statement-breakpoint
-- The lot's media in their order, and its first photo's thumbnail, from lot_media.
CREATE FUNCTION "sm_keep_lot_media"("p_lot" uuid) RETURNS void LANGUAGE plpgsql AS $$
begin
  update lots set
    media = coalesce((
      select json_agg(json_build_object('id', m.id, 'kind', m.kind, 'fileName', m.file_name,
        'thumbName', m.thumb_name, 'width', m.width, 'height', m.height, 'size', m.size)
        order by lm.position)
      from lot_media lm join media m on m.id = lm.media_id where lm.lot_id = p_lot), '[]'),
    thumb_name = (
      select m.thumb_name from lot_media lm join media m on m.id = lm.media_id
      where lm.lot_id = p_lot and m.kind = 'photo' order by lm.position limit 1)
  where id = p_lot;
end;
$$;--> statement-breakpoint
-- Media rows never change, so a lot's columns move only with its lot_media rows.
CREATE FUNCTION "sm_follow_lot_media"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op <> 'INSERT' then
    perform sm_keep_lot_media(old.lot_id);
  end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.lot_id is distinct from old.lot_id) then
    perform sm_keep_lot_media(new.lot_id);
  end if;
  return null;
end;
$$;--> statement-breakpoint
CREATE TRIGGER "lot_media_follow_lot"
  AFTER INSERT OR DELETE OR UPDATE ON "lot_media" FOR EACH ROW
  EXECUTE FUNCTION sm_follow_lot_media();--> statement-breakpoint
-- The lots published before this release.
SELECT sm_keep_lot_media(l.id) FROM lots l WHERE EXISTS (
  SELECT 1 FROM lot_media lm WHERE lm.lot_id = l.id);
