-- Before this index two simultaneous posts could put one photo on several records. The earliest
-- record keeps the photo; later ones keep their place on the map without it.
UPDATE "discoveries" AS "later" SET "image_url" = NULL
WHERE "later"."image_url" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "discoveries" AS "earlier"
  WHERE "earlier"."image_url" = "later"."image_url"
    AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "discoveries_image_url_idx" ON "discoveries" USING btree ("image_url") WHERE "discoveries"."image_url" is not null;
