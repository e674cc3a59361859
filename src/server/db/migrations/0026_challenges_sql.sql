-- Seed areas and weekly challenges for the seeded cities (docs/decisions/045-challenges-and-privacy.md).
-- Each area is a circle around where the seeded open data and walls are, with the IANA zone its
-- weeks follow; each challenge runs every week from 6 January 2025 with no end.
INSERT INTO "challenge_areas" ("id", "name", "city", "latitude", "longitude", "radius_km", "time_zone") VALUES
  ('area-fitzroy', 'Fitzroy', 'Melbourne', -37.7990, 144.9785, 1.2, 'Australia/Melbourne'),
  ('area-brisbane-city', 'Brisbane City', 'Brisbane', -27.4705, 153.0235, 3, 'Australia/Brisbane'),
  ('area-canberra', 'Canberra', 'Canberra', -35.2838, 149.0798, 18, 'Australia/Sydney'),
  ('area-plateau', 'Plateau-Mont-Royal', 'Montréal', 45.5230, -73.5800, 2.5, 'America/Toronto'),
  ('area-montreal', 'Montréal', 'Montréal', 45.5289, -73.6100, 14, 'America/Toronto'),
  ('area-vancouver', 'Vancouver', 'Vancouver', 49.2700, -123.1100, 8, 'America/Vancouver')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "challenges" ("id", "area_id", "kind", "goal", "reward_tokens", "first_week") VALUES
  ('challenge-fitzroy-find-5', 'area-fitzroy', 'find', 5, 50, '2025-01-06'),
  ('challenge-brisbane-find-3', 'area-brisbane-city', 'find', 3, 30, '2025-01-06'),
  ('challenge-brisbane-confirm-1', 'area-brisbane-city', 'confirm', 1, 20, '2025-01-06'),
  ('challenge-canberra-confirm-3', 'area-canberra', 'confirm', 3, 40, '2025-01-06'),
  ('challenge-plateau-find-3', 'area-plateau', 'find', 3, 30, '2025-01-06'),
  ('challenge-montreal-find-5', 'area-montreal', 'find', 5, 50, '2025-01-06'),
  ('challenge-vancouver-find-3', 'area-vancouver', 'find', 3, 30, '2025-01-06')
ON CONFLICT DO NOTHING;
