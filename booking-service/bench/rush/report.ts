/** The rush benchmark's tables. */
import type { ScenarioResult } from './scenario.ts';
import { IN_FLIGHT, MAX_SEATS, READER_CONNECTIONS, REGION, ROWS, USERS } from './settings.ts';

export const fixed = (n: number, digits = 0) => n.toFixed(digits);
export const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

export function tables(results: ScenarioResult[]): string {
  const lines: string[] = [];
  const notRun = (r: ScenarioResult, columns: number) =>
    `| ${r.name} | ${r.skipped ? 'skipped (see the notes)' : 'did not run (see failures)'} |${' |'.repeat(columns - 2)}`;
  lines.push('**Readers** (autocannon; GET /api/show/all, /api/show/:id, /api/booking/seats/:showId in turn)', '');
  lines.push('| scenario | instances | connections | req/s | p50 ms | p99 ms | errors + timeouts | non-2xx |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    if (!r.load) {
      lines.push(notRun(r, 8));
      continue;
    }
    const x = r.load.readers;
    lines.push(`| ${r.name} | ${r.instances} | ${READER_CONNECTIONS} | ${fixed(x.rps)} | ${x.p50} | ${x.p99} | ${x.errors + x.timeouts} | ${x.non2xx} |`);
  }
  lines.push('', `**Bookers** (POST /api/booking/create, ${USERS} users, ${IN_FLIGHT} in flight, 1-${MAX_SEATS} seats from ${REGION.length} seats: rows ${ROWS.join('')}, seats 1-9, of one show)`, '');
  lines.push('| scenario | attempts | attempts/s | 200 | 409 | other 4xx | 5xx | conn. errors | p50 ms | p99 ms | 200s: p50 / p99 ms | last 200 at | bookings/s to last 200 |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    if (!r.load) {
      lines.push(notRun(r, 13));
      continue;
    }
    const b = r.load.bookers;
    const bookingRate = b.lastOkAt > 0 ? b.ok / b.lastOkAt : 0;
    lines.push(
      `| ${r.name} | ${b.attempts} | ${fixed(b.attempts / b.seconds)} | ${b.ok} | ${b.conflict} | ${b.other4xx} | ${b.status5xx} | ${b.connectionErrors} | ${ms(b.p50)} | ${ms(b.p99)} | ${ms(b.okP50)} / ${ms(b.okP99)} | ${fixed(b.lastOkAt, 2)} s | ${fixed(bookingRate, 1)} |`,
    );
  }
  lines.push('', '**Invariant**, checked in the database after the load', '');
  lines.push('| scenario | seats held on the show: before → after | region held | live rush bookings / 200s | seats in 2 live bookings | live bookings not holding exactly their seats | ledger rows without their live booking | 200s not stored as acknowledged | verdict |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    if (!r.invariant || !r.load) {
      lines.push(notRun(r, 9));
      continue;
    }
    const i = r.invariant;
    lines.push(
      `| ${r.name} | ${i.heldBefore} → ${i.heldAfter} | ${i.regionHeld} / ${REGION.length} | ${i.liveBenchBookings} / ${r.load.bookers.ok} | ${i.doubleHeld} | ${i.notExactlyHeld} | ${i.strayLedgerRows} | ${i.acknowledgedMissing} | ${i.problems.length ? 'BROKEN' : 'holds'} |`,
    );
  }
  return lines.join('\n');
}
