import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../testing/auth';
import { API, booking, MOVIES } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';

const HOUR = 3600_000;
const inTwoDays = new Date(Date.now() + 48 * HOUR).toISOString();

/** A paid booking of A3, A4 (standard) and H1 (premium), its show in two days: within the default 2-hour policy. */
function paidThree(overrides: Parameters<typeof booking>[0] = {}) {
  const { show } = booking();
  return booking({
    _id: 'p3',
    isPaid: true,
    status: 'paid',
    paymentLink: null,
    amount: 38,
    bookedSeats: ['A3', 'A4', 'H1'],
    ticketCode: 'TCODE12345',
    seatTypes: { A3: 'standard', A4: 'standard', H1: 'premium' },
    seatAmounts: { A3: 10, A4: 10, H1: 18 },
    returnedSeats: [],
    returnedAmount: 0,
    seatReturns: [],
    show: { ...show, showDateTime: inTwoDays },
    ...overrides,
  });
}

const bookingsAnswer = (bookings: unknown[]) => http.get(`${API}/api/user/bookings`, () => HttpResponse.json({ success: true, bookings }));

describe('Cancel some seats on My Bookings (issue 53, item 4)', () => {
  it('picks seats with their type and price, confirms the refund and the seats kept, then shows the seats left and the return', async () => {
    signIn();
    const user = userEvent.setup();
    let answered = paidThree();
    const posted: unknown[] = [];
    server.use(
      http.get(`${API}/api/user/bookings`, () => HttpResponse.json({ success: true, bookings: [answered] })),
      http.post(`${API}/api/booking/p3/cancel-seats`, async ({ request }) => {
        posted.push(await request.json());
        answered = paidThree({
          amount: 20,
          bookedSeats: ['A3', 'A4'],
          seatAmounts: { A3: 10, A4: 10 },
          returnedSeats: ['H1'],
          returnedAmount: 18,
          seatReturns: [{ seats: ['H1'], amount: 18, returnedAt: '2026-12-07T15:30:00.000Z', refundStatus: 'refunded' }],
        });
        return HttpResponse.json({ success: true, outcome: 'seats-returned', message: 'Seat H1 given back.', booking: answered });
      }),
    );
    renderRoute('/my-bookings');
    const card = await screen.findByRole('article', { name: MOVIES[0]!.title });

    await user.click(within(card).getByRole('button', { name: 'Cancel some seats' }));
    const picker = within(card).getByRole('group', { name: 'Which seats do you want to give back?' });
    expect(within(picker).getByText('Which seats do you want to give back?')).toHaveFocus();
    expect(within(picker).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      'Seat A3 · Standard · $10.00',
      'Seat A4 · Standard · $10.00',
      'Seat H1 · Premium · $18.00',
    ]);
    const next = within(picker).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(within(picker).getByRole('checkbox', { name: 'Seat H1 · Premium · $18.00' }));
    await user.click(next);

    const question = within(card).getByText('Give back seat H1? $18.00 is refunded to your card. You keep seats A3, A4. Your ticket stays valid for seats A3, A4.');
    expect(question).toHaveFocus();
    expect(within(card).getByRole('group', { name: question.textContent! })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Yes, give back and refund' }));

    await waitFor(() => expect(card).toHaveTextContent('Seat H1 given back · $18.00 refunded · Mon, Dec 7, 3:30 PM'));
    expect(posted).toEqual([{ seats: ['H1'] }]);
    expect(card).toHaveTextContent('Seat NumberA3, A4');
    expect(card).toHaveTextContent('Total Tickets2');
    expect(card).toHaveTextContent('$20.00');
    // Back to the control, focused, for the seats left.
    expect(within(card).getByRole('button', { name: 'Cancel some seats' })).toHaveFocus();

    // The e-ticket lists the seats kept and notes the one given back.
    await user.click(within(card).getByRole('button', { name: 'Show e-ticket' }));
    const ticket = within(card).getByRole('region', { name: `E-ticket for ${MOVIES[0]!.title}` });
    expect(ticket).toHaveTextContent('SeatsA3, A4');
    expect(ticket).toHaveTextContent('Given backH1: not on this ticket');
  });

  it('giving back every seat says it cancels the booking, with the whole refund', async () => {
    signIn();
    const user = userEvent.setup();
    server.use(bookingsAnswer([paidThree({ bookedSeats: ['A3', 'H1'], amount: 28, seatAmounts: { A3: 10, H1: 18 } })]));
    renderRoute('/my-bookings');
    const card = await screen.findByRole('article', { name: MOVIES[0]!.title });
    await user.click(within(card).getByRole('button', { name: 'Cancel some seats' }));
    for (const box of within(card).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(within(card).getByText('Give back every seat? This cancels the booking: $28.00 is refunded to your card.')).toHaveFocus();
    await user.click(within(card).getByRole('button', { name: 'Change seats' }));
    expect(within(card).getByRole('checkbox', { name: 'Seat A3 · Standard · $10.00' })).toBeChecked();
  });

  it("shows the service's refusal in place (the policy ended while the page was open)", async () => {
    signIn();
    const user = userEvent.setup();
    server.use(
      bookingsAnswer([paidThree()]),
      http.post(`${API}/api/booking/p3/cancel-seats`, () =>
        HttpResponse.json({ success: false, message: 'Free cancellation ended at Dec 9, 4:30 PM, 2 hours before the show, so this booking can no longer be cancelled.' }, { status: 409 }),
      ),
    );
    renderRoute('/my-bookings');
    const card = await screen.findByRole('article', { name: MOVIES[0]!.title });
    await user.click(within(card).getByRole('button', { name: 'Cancel some seats' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Seat A4 · Standard · $10.00' }));
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, give back and refund' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(/^Free cancellation ended at .*, so this booking can no longer be cancelled\.$/);
  });

  it('is not offered for one seat, outside the policy, once admitted, or for an unpaid booking', async () => {
    signIn();
    const { show } = booking();
    server.use(
      bookingsAnswer([
        paidThree({ _id: 'one', bookedSeats: ['A3'], seatAmounts: { A3: 10 } }),
        paidThree({ _id: 'late', show: { ...show, showDateTime: new Date(Date.now() + HOUR).toISOString(), movie: MOVIES[1]! } }),
        paidThree({ _id: 'used', admittedAt: new Date().toISOString(), show: { ...show, showDateTime: inTwoDays, movie: MOVIES[2]! } }),
        booking({ _id: 'held', show: { ...show, showDateTime: inTwoDays, movie: MOVIES[3]! } }),
      ]),
    );
    renderRoute('/my-bookings');
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Cancel some seats' })).not.toBeInTheDocument();
  });
});
