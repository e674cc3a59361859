-- The artists list shows each artist's verified mark and a photo of a credited piece
-- (docs/decisions/049-artists.md): its kept answer (decision 028) is dropped when either changes.
create trigger artist_credits_notify after insert or update or delete or truncate on artist_credits
  for each statement execute function ss_notify_topic('artists');
--> statement-breakpoint
create trigger artist_claims_notify after insert or update or delete or truncate on artist_claims
  for each statement execute function ss_notify_topic('artists');
--> statement-breakpoint
-- A piece's cover changes when its photo is hidden or a first photo arrives; it may be the one
-- an artist's card shows.
create trigger artworks_notify_artists after update on artworks
  for each row when (old.cover_image_url is distinct from new.cover_image_url
    or old.hidden_at is distinct from new.hidden_at)
  execute function ss_notify_topic('artists');
