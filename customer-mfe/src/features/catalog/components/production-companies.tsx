import type { CatalogMovie } from 'booking-service/contract';
import { imageUrl, useAppConfig } from 'shared-ui';
import { Section } from '../../../components/section';
import { COMPANIES_LIMIT } from '../../../lib/constants';

/** The movie's first production companies with their logos; nothing when it names none. */
export function ProductionCompanies({ companies }: { companies: CatalogMovie['production_companies'] }) {
  const config = useAppConfig();
  if (companies.length === 0) return null;
  return (
    <Section title="Production Companies">
      <ul className="c-companies">
        {companies.slice(0, COMPANIES_LIMIT).map((company) => {
          const logo = imageUrl(config, company.logo_path);
          return (
            <li key={company.id} className="c-company">
              {logo ? <img src={logo} alt="" width={265} height={60} loading="lazy" /> : null}
              <span>{company.name}</span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
