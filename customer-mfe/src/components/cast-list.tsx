import { imageUrl, useAppConfig } from 'shared-ui';
import { useNearViewport } from '../lib/use-near-viewport';

export interface CastPerson {
  name: string;
  character?: string;
  profile_path: string | null;
}

/**
 * Faces of the cast in fixed round boxes (no layout shift), with their
 * characters. The photos load when the list comes near the screen: below the
 * fold on a phone, a dozen of them would otherwise share the first seconds'
 * bandwidth with the poster and the page's code (the browser's own lazy
 * loading starts well over a screen ahead).
 */
export function CastList({ cast }: { cast: CastPerson[] }) {
  const config = useAppConfig();
  const [ref, near] = useNearViewport<HTMLUListElement>();
  if (cast.length === 0) return <p className="c-muted">No cast information yet.</p>;
  return (
    <ul className="c-cast" aria-label="Cast" ref={ref}>
      {cast.map((person, i) => {
        const src = imageUrl(config, person.profile_path);
        return (
          <li key={`${person.name}-${i}`} className="c-cast__person">
            <div className="c-cast__photo">
              {!src ? <span aria-hidden="true">{person.name.charAt(0)}</span> : near && <img src={src} alt="" width={96} height={96} loading="lazy" decoding="async" />}
            </div>
            <span className="c-cast__name">{person.name}</span>
            {person.character && <span className="c-cast__character">{person.character}</span>}
          </li>
        );
      })}
    </ul>
  );
}
