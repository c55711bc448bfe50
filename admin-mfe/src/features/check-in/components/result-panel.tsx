import type { ScanResult } from '../lib/scan-result';

/**
 * The answer, filling the screen's top: green "Admitted" with the seats and the show, red with the service's
 * reason. A live region, so a screen reader announces each answer as it comes.
 */
export function ResultPanel({ result, checking }: { result: ScanResult | null; checking: boolean }) {
  return (
    <section className="check-in__result" data-kind={result?.kind ?? 'idle'} aria-live="assertive" aria-atomic="true" aria-label="Scan result">
      {!result && <p className="check-in__result-title">{checking ? 'Checking…' : 'Ready to scan'}</p>}
      {result?.kind === 'admitted' && <Admitted result={result} />}
      {result?.kind === 'refused' && (
        <>
          <p className="check-in__result-title">Not admitted</p>
          <p className="check-in__result-reason">{result.message}</p>
          <p className="check-in__result-detail">Code <span className="check-in__result-code">{result.code}</span></p>
          {result.movieTitle && <p className="check-in__result-detail">{result.movieTitle}{result.seats?.length ? ` · Seats ${result.seats.join(', ')}` : ''}</p>}
        </>
      )}
    </section>
  );
}

function Admitted({ result }: { result: Extract<ScanResult, { kind: 'admitted' }> }) {
  const { admission } = result;
  return (
    <>
      <p className="check-in__result-title">Admitted</p>
      <p className="check-in__result-seats">Seats {admission.seats.join(', ')}</p>
      <p className="check-in__result-detail">
        {admission.tickets} {admission.tickets === 1 ? 'ticket' : 'tickets'} · {admission.movieTitle} · {admission.showTime} · {admission.hall}
      </p>
    </>
  );
}
