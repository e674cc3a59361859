CREATE TABLE "artwork_cells" (
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"status" text NOT NULL,
	"pieces" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	CONSTRAINT "artwork_cells_level_cx_cy_status_pk" PRIMARY KEY("level","cx","cy","status")
);
--> statement-breakpoint
-- A level-L grid has 8 * 2^L columns and rows over the Web Mercator square: a cell is 64 px
-- on screen at map zoom L (512 px tiles). Levels 2..16 are kept; levels 0 and 1 are summed from
-- level 2 when asked (at most 2,048 rows), which keeps the most contended rows out of the table.
CREATE FUNCTION artwork_cell_x(lng double precision, level integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor((lng + 180) / 360 * (8 << level))::integer, 0), (8 << level) - 1)
$$;
--> statement-breakpoint
CREATE FUNCTION artwork_cell_y(lat double precision, level integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor((0.5 - ln(tan(pi() / 4
    + radians(least(greatest(lat, -85.0511), 85.0511)) / 2)) / (2 * pi())) * (8 << level))::integer, 0),
    (8 << level) - 1)
$$;
--> statement-breakpoint
-- Signed changes (+1 where an artwork now is, -1 where it was) added to every stored level in
-- one upsert whose cells are taken in key order: writers lock the cells they share in the same
-- order, so concurrent inserts and moves wait for each other but never deadlock.
CREATE FUNCTION artwork_cells_apply(lats double precision[], lngs double precision[],
                                    statuses text[], deltas integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO artwork_cells AS c (level, cx, cy, status, pieces, lat_sum, lng_sum)
  SELECT l, artwork_cell_x(d.lng, l), artwork_cell_y(d.lat, l), d.status,
         sum(d.delta), sum(d.delta * d.lat), sum(d.delta * d.lng)
  FROM unnest(lats, lngs, statuses, deltas) AS d (lat, lng, status, delta)
  CROSS JOIN generate_series(2, 16) AS l
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (level, cx, cy, status) DO UPDATE
    SET pieces = c.pieces + excluded.pieces,
        lat_sum = c.lat_sum + excluded.lat_sum,
        lng_sum = c.lng_sum + excluded.lng_sum
$$;
--> statement-breakpoint
-- Once per statement, from its transition tables: a statement that writes many artworks (the
-- seed, an import) makes one upsert, not one per row. Hidden artworks are not on the map.
CREATE FUNCTION artwork_cells_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM artwork_cells_apply(array_agg(latitude), array_agg(longitude), array_agg(status),
                                array_agg(1))
    FROM new_rows WHERE hidden_at IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM artwork_cells_apply(array_agg(latitude), array_agg(longitude), array_agg(status),
                                array_agg(-1))
    FROM old_rows WHERE hidden_at IS NULL;
  ELSE
    PERFORM artwork_cells_apply(array_agg(d.lat), array_agg(d.lng), array_agg(d.status),
                                array_agg(d.delta))
    FROM (
      SELECT o.latitude, o.longitude, o.status, -1, o.hidden_at IS NULL
      FROM old_rows o JOIN new_rows n USING (id)
      WHERE o.latitude IS DISTINCT FROM n.latitude OR o.longitude IS DISTINCT FROM n.longitude
        OR o.status IS DISTINCT FROM n.status OR (o.hidden_at IS NULL) <> (n.hidden_at IS NULL)
      UNION ALL
      SELECT n.latitude, n.longitude, n.status, 1, n.hidden_at IS NULL
      FROM old_rows o JOIN new_rows n USING (id)
      WHERE o.latitude IS DISTINCT FROM n.latitude OR o.longitude IS DISTINCT FROM n.longitude
        OR o.status IS DISTINCT FROM n.status OR (o.hidden_at IS NULL) <> (n.hidden_at IS NULL)
    ) AS d (lat, lng, status, delta, shown)
    WHERE d.shown;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER artwork_cells_on_insert AFTER INSERT ON artworks
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION artwork_cells_sync();
--> statement-breakpoint
CREATE TRIGGER artwork_cells_on_update AFTER UPDATE ON artworks
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION artwork_cells_sync();
--> statement-breakpoint
CREATE TRIGGER artwork_cells_on_delete AFTER DELETE ON artworks
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION artwork_cells_sync();
--> statement-breakpoint
-- The whole pyramid again from the artworks: the finest level from the rows, each coarser one
-- from the level below (a level-L cell is four level-(L+1) cells). For after a bulk load made
-- with the insert trigger off; emptied cells are dropped.
CREATE FUNCTION rebuild_artwork_cells() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM artwork_cells;
  INSERT INTO artwork_cells (level, cx, cy, status, pieces, lat_sum, lng_sum)
  SELECT 16, artwork_cell_x(longitude, 16), artwork_cell_y(latitude, 16), status,
         count(*), sum(latitude), sum(longitude)
  FROM artworks WHERE hidden_at IS NULL GROUP BY 2, 3, 4;
  FOR l IN REVERSE 15..2 LOOP
    INSERT INTO artwork_cells (level, cx, cy, status, pieces, lat_sum, lng_sum)
    SELECT l, cx >> 1, cy >> 1, status, sum(pieces), sum(lat_sum), sum(lng_sum)
    FROM artwork_cells WHERE level = l + 1 GROUP BY 2, 3, 4;
  END LOOP;
  ANALYZE artwork_cells;
END
$$;
--> statement-breakpoint
SELECT rebuild_artwork_cells();
