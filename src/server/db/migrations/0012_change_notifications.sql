-- Change notifications for the in-memory caches (docs/decisions/028-cached-reads-and-sessions.md).
-- Channel ss_changed carries a catalogue topic; ss_user carries the id of a player whose
-- session answer (account, Pro status, sessions) or own answers changed. Postgres delivers them
-- at commit, in commit order, once per distinct payload per transaction.
create function ss_notify_topic() returns trigger language plpgsql as $$
begin
  perform pg_notify('ss_changed', tg_argv[0]);
  return null;
end $$;
--> statement-breakpoint
-- tg_argv[0] names the column holding the player's id.
create function ss_notify_user() returns trigger language plpgsql as $$
begin
  perform pg_notify('ss_user', coalesce(to_jsonb(new), to_jsonb(old)) ->> tg_argv[0]);
  return null;
end $$;
--> statement-breakpoint
-- A player's documented finds decide whether their wall confirmations count: only the finds of
-- players who confirmed a wall touch the wall list.
create function ss_notify_walls_if_confirmer() returns trigger language plpgsql as $$
begin
  if exists (select 1 from wall_confirmations
             where user_id = coalesce(to_jsonb(new), to_jsonb(old)) ->> 'user_id') then
    perform pg_notify('ss_changed', 'walls');
  end if;
  return null;
end $$;
--> statement-breakpoint
create trigger sessions_notify after update or delete on sessions
  for each row execute function ss_notify_user('user_id');
--> statement-breakpoint
create trigger users_notify after update or delete on users
  for each row execute function ss_notify_user('id');
--> statement-breakpoint
create trigger subscriptions_notify after insert or update or delete on subscriptions
  for each row execute function ss_notify_user('user_id');
--> statement-breakpoint
create trigger mission_completions_notify after insert or update or delete on mission_completions
  for each row execute function ss_notify_user('user_id');
--> statement-breakpoint
create trigger legal_walls_notify after insert or update or delete or truncate on legal_walls
  for each statement execute function ss_notify_topic('walls');
--> statement-breakpoint
create trigger wall_confirmations_notify after insert or update or delete or truncate on wall_confirmations
  for each statement execute function ss_notify_topic('walls');
--> statement-breakpoint
-- Names and suspensions show in the wall list (proposer's name, whose confirmations count).
create trigger users_notify_walls after update on users
  for each row when (old.username is distinct from new.username
    or old.profile_hidden_at is distinct from new.profile_hidden_at
    or old.suspended_until is distinct from new.suspended_until
    or old.created_at is distinct from new.created_at)
  execute function ss_notify_topic('walls');
--> statement-breakpoint
create trigger discoveries_notify_walls after insert or update or delete on discoveries
  for each row execute function ss_notify_walls_if_confirmer();
--> statement-breakpoint
create trigger artwork_logs_notify_walls after insert or update or delete on artwork_logs
  for each row execute function ss_notify_walls_if_confirmer();
--> statement-breakpoint
create trigger artists_notify after insert or update or delete or truncate on artists
  for each statement execute function ss_notify_topic('artists');
--> statement-breakpoint
create trigger missions_notify after insert or update or delete or truncate on missions
  for each statement execute function ss_notify_topic('missions');
--> statement-breakpoint
create trigger events_notify after insert or update or delete or truncate on events
  for each statement execute function ss_notify_topic('events');
