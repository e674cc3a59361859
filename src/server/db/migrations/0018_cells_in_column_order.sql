-- The map's pyramid (docs/decisions/029-map-clusters.md) is read one column of cells at a time.
-- A rebuild now writes each level's cells in key order, so a column's cells share a few pages
-- instead of one page each; the rows and their sums are unchanged.
CREATE OR REPLACE FUNCTION rebuild_artwork_cells() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM artwork_cells;
  INSERT INTO artwork_cells (level, cx, cy, status, pieces, lat_sum, lng_sum)
  SELECT 16, artwork_cell_x(longitude, 16), artwork_cell_y(latitude, 16), status,
         count(*), sum(latitude), sum(longitude)
  FROM artworks WHERE hidden_at IS NULL GROUP BY 2, 3, 4 ORDER BY 2, 3, 4;
  FOR l IN REVERSE 15..2 LOOP
    INSERT INTO artwork_cells (level, cx, cy, status, pieces, lat_sum, lng_sum)
    SELECT l, cx >> 1, cy >> 1, status, sum(pieces), sum(lat_sum), sum(lng_sum)
    FROM artwork_cells WHERE level = l + 1 GROUP BY 2, 3, 4 ORDER BY 2, 3, 4;
  END LOOP;
  ANALYZE artwork_cells;
END
$$;
