import { useCallback, useState } from 'react';
import { ApiError } from '../api/api-error';
import { queryString, serviceUrl } from '../api/url';
import { useCaller } from '../api/use-caller';

/** The file name the service gave (`attachment; filename="…"`), or `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * A staff download (List Bookings' and the sales report's CSV): the file is fetched with the signed-in user's token
 * (a plain link could not carry it) and handed to the browser as a download under the name the service gave.
 * `downloading` is true meanwhile; a refusal throws an ApiError with the service's own message.
 */
export function useCsvDownload() {
  const { baseUrl, getToken } = useCaller();
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(
    async (path: string, query: Record<string, string | undefined>, fallbackName: string) => {
      setDownloading(true);
      try {
        const response = await fetch(serviceUrl(baseUrl, path) + queryString(query), { headers: { authorization: `Bearer ${await getToken()}`, accept: 'text/csv' } });
        if (!response.ok) {
          const failure = (await response.json().catch(() => null)) as { message?: string } | null;
          throw new ApiError(response.status, failure?.message ?? `The download failed (${response.status})`);
        }
        const url = URL.createObjectURL(await response.blob());
        const link = Object.assign(document.createElement('a'), { href: url, download: fileNameOf(response.headers.get('content-disposition'), fallbackName) });
        document.body.append(link);
        link.click();
        link.remove();
        // The browser has taken the file once the click is handled; the URL is freed after it.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      } finally {
        setDownloading(false);
      }
    },
    [baseUrl, getToken],
  );
  return { download, downloading };
}
