import { Button } from 'shared-ui';
import { notifyOutcome, useCsvDownload } from 'shared-ui/staff';

/**
 * Downloads `path` (with `query`) as the CSV file the service names: List Bookings' and the sales report's export.
 * A refusal (too many rows, a bad range) is told in the service's own words.
 */
export function DownloadCsvButton({ path, query, fileName, label = 'Download CSV' }: { path: string; query: Record<string, string | undefined>; fileName: string; label?: string }) {
  const { download, downloading } = useCsvDownload();
  return (
    <Button
      variant="secondary"
      disabled={downloading}
      onClick={() => void download(path, query, fileName).catch((error: Error) => notifyOutcome('error', error.message))}
    >
      {downloading ? 'Preparing…' : label}
    </Button>
  );
}
