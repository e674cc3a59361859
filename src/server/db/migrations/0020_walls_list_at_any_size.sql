CREATE TABLE "legal_wall_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"open_walls" integer NOT NULL,
	CONSTRAINT "legal_wall_totals_one_row" CHECK ("legal_wall_totals"."id")
);
--> statement-breakpoint
ALTER TABLE "legal_walls" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(regexp_replace(normalize("legal_walls"."name" || chr(10) || "legal_walls"."city", NFD), '[\u0300-\u036f]', '', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "legal_walls_open_by_name_idx" ON "legal_walls" USING btree (lower("name"),"name","id") WHERE "legal_walls"."hidden_at" is null and "legal_walls"."status" <> 'closed';--> statement-breakpoint
-- The wall list's total (docs/decisions/026, "The list at any size"): open walls (not hidden,
-- not closed), kept by statement triggers that count each statement's changed rows once, so a
-- bulk import moves the row once per statement and a confirmation (no change) not at all.
INSERT INTO "legal_wall_totals" ("open_walls")
  SELECT count(*) FROM "legal_walls" WHERE "hidden_at" IS NULL AND "status" <> 'closed';
--> statement-breakpoint
CREATE FUNCTION legal_wall_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF tg_op IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_walls WHERE hidden_at IS NULL AND status <> 'closed');
  END IF;
  IF tg_op IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_walls WHERE hidden_at IS NULL AND status <> 'closed');
  END IF;
  IF tg_op = 'TRUNCATE' THEN
    UPDATE legal_wall_totals SET open_walls = 0;
  ELSIF delta <> 0 THEN
    UPDATE legal_wall_totals SET open_walls = open_walls + delta;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER legal_walls_totals_insert AFTER INSERT ON legal_walls
  REFERENCING NEW TABLE AS new_walls
  FOR EACH STATEMENT EXECUTE FUNCTION legal_wall_totals_follow();
--> statement-breakpoint
CREATE TRIGGER legal_walls_totals_update AFTER UPDATE ON legal_walls
  REFERENCING OLD TABLE AS old_walls NEW TABLE AS new_walls
  FOR EACH STATEMENT EXECUTE FUNCTION legal_wall_totals_follow();
--> statement-breakpoint
CREATE TRIGGER legal_walls_totals_delete AFTER DELETE ON legal_walls
  REFERENCING OLD TABLE AS old_walls
  FOR EACH STATEMENT EXECUTE FUNCTION legal_wall_totals_follow();
--> statement-breakpoint
CREATE TRIGGER legal_walls_totals_truncate AFTER TRUNCATE ON legal_walls
  FOR EACH STATEMENT EXECUTE FUNCTION legal_wall_totals_follow();
