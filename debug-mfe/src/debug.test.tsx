import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signIn, TEST_API } from 'shared-ui/testing';
import DebugRoutes from './exposes/routes';
import { PAID, REFUND, server, UNPAID } from './testing/server';

const support = () => signIn({ name: 'Sam Support', email: 'support@example.com' });
const renderDebug = () => renderWithProviders(<DebugRoutes />, '/');
const short = (id: string) => id.slice(0, 8);

describe('support desk', () => {
  it('asks a signed-out visitor to sign in', async () => {
    renderDebug();
    expect(await screen.findByRole('heading', { name: 'Support desk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('tells a signed-in user without the support role that they are not authorized', async () => {
    signIn();
    server.use(
      http.get(`${TEST_API}/api/debug/bookings`, () => HttpResponse.json({ success: false, message: 'This needs the support role' }, { status: 403 })),
      http.get(`${TEST_API}/api/debug/unpaid-bookings`, () => HttpResponse.json({ success: false, message: 'This needs the support role' }, { status: 403 })),
    );
    renderDebug();
    expect(await screen.findByRole('heading', { name: 'Not authorized' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists unpaid and all bookings, refunds with their reason, and the outbox', async () => {
    support();
    renderDebug();
    const unpaid = await screen.findByRole('table', { name: 'Unpaid bookings' });
    expect(within(unpaid).getByText(short(UNPAID.id))).toBeInTheDocument();
    const all = screen.getByRole('table', { name: 'All bookings' });
    expect(within(all).getAllByRole('row')).toHaveLength(4);
    const paidRow = within(all).getByText(short(PAID.id)).closest('tr')!;
    expect(within(paidRow).queryByRole('button', { name: /Mark as Paid/ })).not.toBeInTheDocument();
    const refunds = screen.getByRole('table', { name: 'Bookings flagged for refund' });
    expect(within(refunds).getByText('Refunded')).toBeInTheDocument();
    expect(within(refunds).getByText(REFUND.refundReason!)).toBeInTheDocument();
    expect(await screen.findByText('Your tickets for Dear Odette')).toBeInTheDocument();
  });

  it("shows each remote's live release, a canary's share of browsers, and the loads and failures per release", async () => {
    support();
    renderDebug();
    const releases = await screen.findByRole('table', { name: 'Live releases of the remotes' });
    const rowOf = async (version: string) => (await within(releases).findByText(version)).closest('tr')!;
    const cells = async (version: string) => within(await rowOf(version)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(await cells('0.1.0-aaaaaaaa')).toEqual(['customer', '0.1.0-aaaaaaaa', 'Live', '90 %', '90', '1']);
    expect(await cells('0.2.0-bbbbbbbb')).toEqual(['customer', '0.2.0-bbbbbbbb', 'Canary', '10 %', '10', '4']);
    expect(await cells('0.1.0-cccccccc')).toEqual(['admin', '0.1.0-cccccccc', 'Live', '100 %', '0', '0']);
    expect(await cells('unknown')).toEqual(['debug', 'unknown', 'Live', '100 %', '0', '0']);
  });

  it('marks as paid and sends a test email with the spec toasts', async () => {
    support();
    renderDebug();
    const unpaid = await screen.findByRole('table', { name: 'Unpaid bookings' });
    await userEvent.click(within(unpaid).getByRole('button', { name: `Mark as Paid: booking ${short(UNPAID.id)}` }));
    expect(await screen.findByText('Booking marked as paid and email sent!')).toBeInTheDocument();
    await userEvent.click(within(unpaid).getByRole('button', { name: `Test Email: booking ${short(UNPAID.id)}` }));
    expect(await screen.findByText('Test email sent successfully!')).toBeInTheDocument();
    await userEvent.click(within(unpaid).getByRole('button', { name: `Fix Payment: booking ${short(UNPAID.id)}` }));
    expect(await screen.findByText('The provider has no payment yet: the booking stays payable')).toBeInTheDocument();
  });

  it('says what failed with the spec messages', async () => {
    support();
    server.use(
      http.post(`${TEST_API}/api/debug/mark-paid`, () => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })),
      http.post(`${TEST_API}/api/debug/test-email`, () => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })),
    );
    renderDebug();
    const unpaid = await screen.findByRole('table', { name: 'Unpaid bookings' });
    await userEvent.click(within(unpaid).getByRole('button', { name: `Mark as Paid: booking ${short(UNPAID.id)}` }));
    expect(await screen.findByText('Failed to mark as paid')).toBeInTheDocument();
    await userEvent.click(within(unpaid).getByRole('button', { name: `Test Email: booking ${short(UNPAID.id)}` }));
    expect(await screen.findByText('Failed to send test email')).toBeInTheDocument();
  });

  it('toasts when the lists cannot be fetched, and offers Retry', async () => {
    support();
    server.use(
      http.get(`${TEST_API}/api/debug/bookings`, () => HttpResponse.json({ success: false, message: 'down' }, { status: 503 })),
      http.get(`${TEST_API}/api/debug/unpaid-bookings`, () => HttpResponse.json({ success: false, message: 'down' }, { status: 503 })),
    );
    renderDebug();
    expect(await screen.findAllByText('Failed to fetch bookings')).not.toHaveLength(0);
    expect(await screen.findAllByText('Failed to fetch unpaid bookings')).not.toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});
