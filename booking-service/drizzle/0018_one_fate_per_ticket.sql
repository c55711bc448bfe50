-- 0018_one_fate_per_ticket: placeholder, filled by its change (issue 55 / 52).
SELECT 1;
