import type { IntegrityReportResponse } from 'booking-service/contract';
import { EmptyState, ErrorState, formatShowTime, Skeleton } from 'shared-ui';
import { useIntegrity } from '../api/get-integrity';
import { PaidBookingsTable } from './paid-bookings-table';
import { StoppedSales } from './stopped-sales';
import { LostConfirmations } from './lost-confirmations';

function hasFindings(report: IntegrityReportResponse): boolean {
  // lostConfirmations: absent from an older service's report.
  return report.problems.length + report.doubleSold.length + report.paidWhileStopped.length + report.adoptions.length + (report.lostConfirmations?.length ?? 0) > 0;
}

function Problems({ problems }: { problems: string[] }) {
  return (
    <section aria-labelledby="integrity-problems">
      <h2 id="integrity-problems" className="debug__section-title">
        Problems
      </h2>
      <ul className="debug__findings">
        {problems.map((problem) => (
          <li key={problem} className="debug__finding">
            {problem}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Adoptions({ adoptions, timeZone }: { adoptions: IntegrityReportResponse['adoptions']; timeZone: string | undefined }) {
  return (
    <section aria-labelledby="integrity-adoptions">
      <h2 id="integrity-adoptions" className="debug__section-title">
        Adopted restore points
      </h2>
      {adoptions.map((adoption) => (
        <article key={`${adoption.restorePoint} ${adoption.adoptedAt}`} className="debug__finding" aria-label={`Restore point ${adoption.restorePoint}`}>
          <p>
            Restore point <code>{adoption.restorePoint}</code>, adopted {formatShowTime(adoption.adoptedAt, timeZone)}:{' '}
            {adoption.lost.length === 0 ? 'it lost no paid booking.' : `${adoption.lost.length} paid booking${adoption.lost.length === 1 ? '' : 's'} lost. The moviegoers paid and hold e-tickets; refund them or book the seats again.`}
          </p>
          {adoption.lost.length > 0 && <PaidBookingsTable caption={`Paid bookings lost by restore point ${adoption.restorePoint}`} bookings={adoption.lost} timeZone={timeZone} />}
        </article>
      ))}
    </section>
  );
}

/** What GET /api/debug/integrity returns, for support to act on; a plain sentence when all is well. */
export function IntegrityReport({ timeZone }: { timeZone: string | undefined }) {
  const integrity = useIntegrity();
  if (integrity.isPending) {
    return (
      <div role="status" aria-label="Loading the integrity report">
        <Skeleton height="8rem" />
      </div>
    );
  }
  if (integrity.isError) return <ErrorState message={integrity.error.message || 'Failed to fetch the integrity report'} onRetry={() => void integrity.refetch()} />;
  const report = integrity.data;
  const checked = report.checkedAt ? `Checked ${formatShowTime(report.checkedAt, timeZone)}.` : 'Not checked yet.';
  if (!hasFindings(report)) return <EmptyState title="No integrity problems found" text={checked} />;
  return (
    <>
      <p className="debug__muted">{checked}</p>
      {report.problems.length > 0 && <Problems problems={report.problems} />}
      {report.doubleSold.length > 0 && <StoppedSales doubleSold={report.doubleSold} />}
      {report.paidWhileStopped.length > 0 && (
        <section aria-labelledby="integrity-paid-while-stopped">
          <h2 id="integrity-paid-while-stopped" className="debug__section-title">
            Paid while sales were stopped
          </h2>
          <PaidBookingsTable caption="Payments taken on a show whose sales were stopped" bookings={report.paidWhileStopped} timeZone={timeZone} />
        </section>
      )}
      {(report.lostConfirmations?.length ?? 0) > 0 && <LostConfirmations lost={report.lostConfirmations!} timeZone={timeZone} />}
      {report.adoptions.length > 0 && <Adoptions adoptions={report.adoptions} timeZone={timeZone} />}
    </>
  );
}
