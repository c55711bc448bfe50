import { useState } from 'react';
import { imageUrl, useAppConfig } from '../config/app-config';

/**
 * A movie poster in a fixed 2:3 box (no layout shift while it loads), with
 * local fallback art when there is no image or it fails to load.
 */
export function Poster({ path, title, eager = false, className }: { path: string | null | undefined; title: string; eager?: boolean; className?: string }) {
  const config = useAppConfig();
  const [failed, setFailed] = useState(false);
  const src = imageUrl(config, path);
  return (
    <div className={['ui-poster', className].filter(Boolean).join(' ')}>
      {src && !failed ? (
        <img
          src={src}
          alt={`Poster of ${title}`}
          width={500}
          height={750}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          {...(eager ? { fetchPriority: 'high' as const } : {})}
          onError={() => setFailed(true)}
        />
      ) : (
        <div className="ui-poster__fallback" role="img" aria-label={`Poster of ${title}`}>
          {title}
        </div>
      )}
    </div>
  );
}
