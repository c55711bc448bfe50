import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { IntegrityReportResponse } from 'booking-service/contract';
import { renderWithProviders, signIn, TEST_API } from 'shared-ui/testing';
import DebugRoutes from './exposes/routes';
import { server } from './testing/server';

const SHOW = '44444444-dddd-4000-8000-000000000004';
const FIRST = '55555555-eeee-4000-8000-000000000005';
const SECOND = '66666666-ffff-4000-8000-000000000006';
const report = (over: Partial<IntegrityReportResponse> = {}): IntegrityReportResponse => ({
  success: true,
  healthy: true,
  checkedAt: '2026-12-01T10:00:00.000Z',
  problems: [],
  doubleSold: [],
  paidWhileStopped: [],
  lostConfirmations: [],
  adoptions: [],
  ...over,
});

function renderIntegrity(answer: IntegrityReportResponse) {
  signIn({ name: 'Sam Support', email: 'support@example.com' });
  server.use(http.get(`${TEST_API}/api/debug/integrity`, () => HttpResponse.json(answer)));
  renderWithProviders(
    <Routes>
      <Route path="/debug/*" element={<DebugRoutes />} />
    </Routes>,
    '/debug/integrity',
  );
}

describe('support Integrity page', () => {
  it('says all is well when the checks found nothing', async () => {
    renderIntegrity(report());
    expect(await screen.findByText('No integrity problems found')).toBeInTheDocument();
  });

  it('lists a show whose sales are stopped with its seats and bookings (linked to the lookup), and a payment taken meanwhile', async () => {
    renderIntegrity(
      report({
        doubleSold: [{ showId: SHOW, seats: ['A1', 'A2'], bookingIds: [FIRST, SECOND], message: `Seats A1, A2 of show ${SHOW} are held by more than one live booking: its sales are stopped.` }],
        paidWhileStopped: [{ id: FIRST, ticketCode: 'PAIDWH1LE7', showId: SHOW, seats: ['B5'], paidAt: '2026-12-01T10:05:00.000Z' }],
      }),
    );
    const stopped = await screen.findByRole('region', { name: 'Sales stopped: seats sold twice' });
    expect(within(stopped).getByText('A1, A2')).toBeInTheDocument();
    expect(within(stopped).getByRole('link', { name: SECOND })).toHaveAttribute('href', `/debug?q=${SECOND}`);
    const paid = screen.getByRole('region', { name: 'Paid while sales were stopped' });
    const row = within(paid).getByRole('row', { name: /PAIDWH1LE7/ });
    expect(row).toHaveTextContent('B5');
    expect(within(row).getByRole('link', { name: 'PAIDWH1LE7' })).toHaveAttribute('href', '/debug?q=PAIDWH1LE7');
  });

  it('names each payment and admission the database lost after a restore (issue 55), linked to the lookup', async () => {
    renderIntegrity(
      report({
        healthy: false,
        problems: ['The database went back in time: 1 confirmed payment is not in it'],
        lostConfirmations: [
          { seq: 41, kind: 'paid', bookingId: FIRST, ticketCode: 'EEB2REPTSK', showId: SHOW, seats: ['E5'], at: '2026-12-01T10:05:00.000Z' },
          { seq: 42, kind: 'admitted', bookingId: SECOND, ticketCode: 'ADM1TTED42' },
        ],
      }),
    );
    const lost = await screen.findByRole('region', { name: 'Confirmed, then lost by the database' });
    const paid = within(lost).getByRole('row', { name: /EEB2REPTSK/ });
    expect(paid).toHaveTextContent('Payment');
    expect(paid).toHaveTextContent('E5');
    expect(within(paid).getByRole('link', { name: 'EEB2REPTSK' })).toHaveAttribute('href', '/debug?q=EEB2REPTSK');
    expect(within(lost).getByRole('row', { name: /ADM1TTED42/ })).toHaveTextContent('Admission at the door');
  });
});
