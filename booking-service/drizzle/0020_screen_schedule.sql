-- 0020_screen_schedule: placeholder, filled by its change (issue 55 / 52).
SELECT 1;
