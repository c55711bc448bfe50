import { openPglite } from './src/db/database.ts';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
const d = await openPglite(undefined);
for (let round = 0; round < 2; round++) {
  let t = performance.now();
  for (let i = 0; i < 500; i++) await d.db.execute(sql`select ${i}::int as x`);
  console.log('worker+socket per query ms', ((performance.now() - t) / 500).toFixed(3));
}
await d.close();
const p = await PGlite.create();
for (let round = 0; round < 2; round++) {
  let t = performance.now();
  for (let i = 0; i < 500; i++) await p.query('select $1::int as x', [i]);
  console.log('in-process per query ms', ((performance.now() - t) / 500).toFixed(3));
}
