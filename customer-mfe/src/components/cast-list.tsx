import { imageUrl, useAppConfig } from 'shared-ui';

export interface CastPerson {
  name: string;
  character?: string;
  profile_path: string | null;
}

/** Faces of the cast in fixed round boxes (no layout shift), with their characters. */
export function CastList({ cast }: { cast: CastPerson[] }) {
  const config = useAppConfig();
  if (cast.length === 0) return <p className="c-muted">No cast information yet.</p>;
  return (
    <ul className="c-cast" aria-label="Cast">
      {cast.map((person, i) => {
        const src = imageUrl(config, person.profile_path);
        return (
          <li key={`${person.name}-${i}`} className="c-cast__person">
            <div className="c-cast__photo">
              {src ? <img src={src} alt="" width={96} height={96} loading="lazy" decoding="async" /> : <span aria-hidden="true">{person.name.charAt(0)}</span>}
            </div>
            <span className="c-cast__name">{person.name}</span>
            {person.character && <span className="c-cast__character">{person.character}</span>}
          </li>
        );
      })}
    </ul>
  );
}
