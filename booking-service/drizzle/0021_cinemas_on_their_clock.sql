-- Each cinema on its own clock (issue 52 part 3): the built-in chain's cinemas are in Mumbai, Delhi and Bangalore, but
-- took THEATRE_TIMEZONE (UTC by default). They move to India's clock. Shows keep their stored instant (starts_at is a
-- timestamptz): nothing sold moves; a show stored at 19:30 UTC now reads 1:00 AM on the cinema's clock.
UPDATE "cinemas" SET "time_zone" = 'Asia/Kolkata'
WHERE "id" IN ('marquee-marine-drive', 'marquee-bandra-talkies', 'marquee-connaught-place', 'marquee-saket-central', 'marquee-indiranagar', 'marquee-koramangala-forum')
  AND "time_zone" <> 'Asia/Kolkata';
