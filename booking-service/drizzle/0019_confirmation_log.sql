-- 0019_confirmation_log: placeholder, filled by its change (issue 55 / 52).
SELECT 1;
