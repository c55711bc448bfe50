import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../testing/render';

describe('/theaters', () => {
  it('is labelled as a sample, features 6 movies and lists theatres with 3 posters each per city', async () => {
    renderRoute('/theaters');
    expect(await screen.findByRole('note')).toHaveTextContent('Sample listing');
    const featured = (await screen.findByRole('heading', { name: 'Featured Movies' })).closest('section')!;
    expect(await within(featured).findAllByRole('link', { name: /^Buy tickets for/ })).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Theaters in Mumbai' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article', { name: /^Marquee / });
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(within(within(card).getByRole('list', { name: 'Showing here' })).getAllByRole('listitem')).toHaveLength(3);
    for (const city of ['Delhi', 'Bangalore']) {
      await userEvent.click(screen.getByRole('button', { name: city }));
      expect(screen.getByRole('heading', { name: `Theaters in ${city}` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: city })).toHaveAttribute('aria-pressed', 'true');
    }
  });
});
