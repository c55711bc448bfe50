import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTransitions } from '../src/bookings/guarded-transitions.ts';
import { lanes } from './support/databases.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The local checkout (the embedded default payment provider) through real HTTP:
 * the hosted page, test cards, the booking settled as the card is taken,
 * verify-payment, the e-ticket and its email.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`local checkout on ${lane.name}`, () => {
    let t: TestApp;
    let user: string;
    let other: string;
    let support: string;

    beforeAll(async () => {
      t = await startTestApp(lane);
      user = await t.tokenFor('user@example.com');
      other = await t.tokenFor('other@example.com');
      support = await t.tokenFor('support@example.com', ['support']);
    });
    afterAll(() => t?.close());

    async function snapshot(bookingId: string) {
      const [booking, outbox, session] = await Promise.all([
        t.store.bookings.get(bookingId),
        t.store.outbox.list(1000),
        t.store.bookings.get(bookingId).then((b) => (b?.paymentSessionId ? t.store.checkoutSessions.get(b.paymentSessionId) : null)),
      ]);
      return JSON.stringify({ booking, outbox: outbox.length, session });
    }

    it('a new booking gets a payment session and its hosted page shows what is paid for, with the card form', async () => {
      const { res, booking, seats } = await createBooking(t, user, 2);
      expect(res.body).toEqual({
        success: true,
        url: `http://localhost:4000/api/checkout/sessions/${booking.paymentSessionId}`,
        bookingId: booking.id,
        holdExpiresAt: booking.holdExpiresAt.toISOString(),
      });
      expect(booking.paymentSessionId).toMatch(/^cs_local_[0-9a-f]{32}$/);
      expect(booking.paymentLink).toBe(res.body.url);
      const session = (await t.store.checkoutSessions.get(booking.paymentSessionId!))!;
      expect(session).toMatchObject({
        bookingId: booking.id,
        amountCents: booking.amountCents,
        currency: 'USD',
        status: 'open',
        successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost:3000/my-bookings',
        expiresAt: booking.holdExpiresAt,
      });

      const page = await fetch(`${t.baseUrl}${new URL(res.body.url).pathname}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const csp = page.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("form-action 'self' http://localhost:3000");
      expect(csp).not.toContain('unsafe-inline');
      expect(page.headers.get('cache-control')).toBe('no-store');
      // A page: helmet's whole set under the checkout's own CSP.
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const html = await page.text();
      const detail = (await t.store.bookings.getWithDetails(booking.id))!;
      expect(html).toContain(detail.show.movie.title.replace(/'/g, '&#39;'));
      expect(html).toContain(seats.join(', '));
      expect(html).toContain(`$${(booking.amountCents / 100).toFixed(2)}`);
      expect(html).toMatch(/<dt>Show time<\/dt><dd>[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
      for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card']) expect(html).toMatch(new RegExp(`<label for="[^"]+">${label}<input`));
      expect(html).toContain(`<button type="submit">Pay $${(booking.amountCents / 100).toFixed(2)}</button>`);
      // The hold as a countdown (mm:ss), the test cards in the page's flow, and a Cancel that posts.
      expect(html).toMatch(/held for <strong><time id="hold-countdown" datetime="[^"]+" data-ends="[^"]+">\d{1,2}:\d{2}<\/time>/);
      expect(html).toContain('<dt>Pays</dt><dd class="card">4242 4242 4242 4242</dd>');
      expect(html).toMatch(/<form method="post" action="\/api\/checkout\/sessions\/cs_local_[0-9a-f]+\/cancel"/);
      // No external assets: only this origin's script, the inline style carries the CSP nonce.
      expect(html).not.toMatch(/(src|href)="https?:\/\/(?!localhost:3000)/);
      const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1];
      expect(html).toContain(`<style nonce="${nonce}">`);
      const script = await fetch(`${t.baseUrl}/api/checkout/assets/checkout.js`);
      expect(script.headers.get('content-type')).toContain('text/javascript');
    });

    it('4242 4242 4242 4242 pays: redirect to the success URL, booking paid, e-ticket emailed', async () => {
      const { res, booking, seats } = await createBooking(t, user, 3);
      const paid = await submitCard(t, res.body.url);
      expect(paid.status).toBe(303);
      expect(paid.location).toBe(`http://localhost:3000/payment-success?session_id=${booking.paymentSessionId}`);

      const after = (await t.store.bookings.get(booking.id))!;
      expect(after).toMatchObject({ isPaid: true, status: 'paid', paymentIntentId: expect.stringMatching(/^pi_local_/) });
      const seatsNow = await t.api('GET', `/api/booking/seats/${booking.showId}`);
      expect(seatsNow.body.occupiedSeats).toEqual(expect.arrayContaining(seats));
      const ledger = await t.store.shows.occupiedSeats(booking.showId);
      for (const seat of seats) expect(ledger[seat]).toBe('paid');

      const mine = await t.api('GET', '/api/user/bookings', { token: user });
      const listed = mine.body.bookings.find((b: { _id: string }) => b._id === booking.id);
      expect(listed).toMatchObject({ isPaid: true, status: 'paid', paymentLink: null, ticketCode: booking.ticketCode, refundStatus: null });
      expect(listed.ticketCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);

      const verify = await t.api('POST', '/api/booking/verify-payment', { token: user, body: { sessionId: booking.paymentSessionId } });
      const detail = (await t.store.bookings.getWithDetails(booking.id))!;
      expect(verify.status).toBe(200);
      expect(verify.body).toMatchObject({
        success: true,
        booking: { movieTitle: detail.show.movie.title, amount: booking.amountCents / 100, seats, ticketCode: booking.ticketCode },
      });

      const outbox = await t.api('GET', '/api/debug/outbox', { token: support });
      const mails = outbox.body.messages.filter((m: { bookingId: string }) => m.bookingId === booking.id);
      expect(mails.map((m: { kind: string }) => m.kind)).toEqual(['booking-confirmation']);
      const [mail] = mails;
      expect(mail).toMatchObject({ toAddress: 'user@example.com', sentAt: expect.any(String), attempts: 0, lastError: null });
      expect(mail.subject).toBe(`Your tickets for ${detail.show.movie.title}`);
      expect(mail.text).toContain(`Seats: ${seats.join(', ')}`);
      expect(mail.text).toMatch(/Show time: \w+day, /);
      expect(mail.text).toContain(`Ticket code: ${booking.ticketCode}`);
      expect(mail.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]{200,}" width="240" height="240" alt="Ticket QR code [0-9A-Z]{10}">/);

      // The e-ticket image for its owner only.
      const svg = await t.api('GET', `/api/booking/${booking.id}/ticket.svg`, { token: user });
      expect(svg.status).toBe(200);
      expect(svg.headers.get('content-type')).toContain('image/svg+xml');
      expect(svg.body).toMatch(/^<svg /);
      const stranger = await t.api('GET', `/api/booking/${booking.id}/ticket.svg`, { token: other });
      expect(stranger.status).toBe(404);
      expect(stranger.body).toEqual({ success: false, message: 'Booking not found' });

      // The page now says it is paid and takes nothing; a second submit lands on the success page again.
      const page = await fetch(`${t.baseUrl}${new URL(res.body.url).pathname}`);
      expect(await page.text()).toContain('This booking is already paid.');
      const again = await submitCard(t, res.body.url);
      expect(again.status).toBe(303);
      expect((await t.store.bookings.get(booking.id))!.paidAt).toEqual(after.paidAt);
      const outboxAgain = await t.store.outbox.list(1000);
      expect(outboxAgain.filter((m) => m.bookingId === booking.id)).toHaveLength(1);
    });

    it('4000 0000 0000 0002 is declined on the page and leaves the booking unpaid and payable', async () => {
      const { res, booking } = await createBooking(t, user, 1);
      const before = await snapshot(booking.id);
      const declined = await submitCard(t, res.body.url, { cardNumber: '4000 0000 0000 0002' });
      // Post/redirect/get: the refusal answers a redirect to the payment page, so Back never re-posts the form.
      expect(declined.status).toBe(303);
      expect(declined.location).toBe(`${new URL(res.body.url).pathname}?refused=declined`);
      // Focus goes to the error (no field to correct), without a script.
      expect(declined.html).toContain('<p class="alert" role="alert" id="payment-error" tabindex="-1" autofocus>Your card was declined.</p>');
      expect(declined.html).toContain(`<button type="submit">Pay $${(booking.amountCents / 100).toFixed(2)}</button>`);
      // Nothing typed is echoed into the page: not the card number, not the security code.
      expect(declined.html).not.toMatch(/<input[^>]* value=/);
      expect(await snapshot(booking.id)).toBe(before);
      // Still payable, with the same session.
      const paid = await submitCard(t, res.body.url);
      expect(paid.status).toBe(303);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(true);
    });

    it('refuses insufficient funds, invalid numbers, past expiry and bad CVC on the page, changing nothing', async () => {
      const { res, booking } = await createBooking(t, user, 1);
      const before = await snapshot(booking.id);
      const cases: [Parameters<typeof submitCard>[2], string, string | null][] = [
        [{ cardNumber: '4000 0000 0000 9995' }, 'Your card has insufficient funds.', null],
        [{ cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.', 'card-number'],
        [{ cardNumber: '4242' }, 'Your card number is incomplete.', 'card-number'],
        [{ expiry: '01 / 20' }, "Your card&#39;s expiration date is in the past.", 'card-expiry'],
        [{ expiry: '13/40' }, "Your card&#39;s expiration date is incomplete.", 'card-expiry'],
        [{ cvc: '12' }, "Your card&#39;s security code is incomplete.", 'card-cvc'],
        [{ cvc: '12a' }, "Your card&#39;s security code is invalid.", 'card-cvc'],
        [{ name: '' }, 'Please enter the name on your card.', 'card-name'],
        [{ cardNumber: '4111 1111 1111 1111' }, 'accepts test cards only', null],
      ];
      for (const [card, message, field] of cases) {
        const result = await submitCard(t, res.body.url, card);
        expect(result.status, JSON.stringify(card)).toBe(303);
        expect(result.html, JSON.stringify(card)).toContain(message);
        if (field) expect(result.html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true" aria-describedby="payment-error"`));
        // The security code is never echoed back.
        expect(result.html).not.toMatch(/name="cvc"[^>]*value=/);
      }
      expect(await snapshot(booking.id)).toBe(before);
      const bad = await fetch(`${t.baseUrl}${new URL(res.body.url).pathname}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'x'.repeat(8 * 1024),
      });
      // 413 since issue 17 (the right 4xx for a body past the limit; it was 400).
      expect(bad.status).toBe(413);
      expect(await snapshot(booking.id)).toBe(before);
    });

    it('verify-payment: the caller\'s own session only; unpaid answers success false with the booking', async () => {
      const { booking, seats } = await createBooking(t, user, 2);
      const unknown = await t.api('POST', '/api/booking/verify-payment', { token: user, body: { sessionId: 'cs_local_nope' } });
      const foreign = await t.api('POST', '/api/booking/verify-payment', { token: other, body: { sessionId: booking.paymentSessionId } });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(unknown.body);
      expect(foreign.body).toEqual({ success: false, message: 'Payment session not found' });

      const pending = await t.api('POST', '/api/booking/verify-payment', { token: user, body: { sessionId: booking.paymentSessionId } });
      expect(pending.status).toBe(200);
      expect(pending.body).toMatchObject({ success: false, message: 'Payment is still processing', booking: { seats, amount: booking.amountCents / 100, ticketCode: null } });
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(false);
      const ticket = await t.api('GET', `/api/booking/${booking.id}/ticket.svg`, { token: user });
      expect(ticket.status).toBe(409);
    });

    it('verify-payment asks the provider, so a payment whose webhook was lost is confirmed (once)', async () => {
      const { booking } = await createBooking(t, user, 1);
      // Paid at the provider, but the event never reached the service.
      await t.store.checkoutSessions.complete(booking.paymentSessionId!, { now: new Date(), paymentIntentId: 'pi_local_lost' });
      const [a, b] = await Promise.all([
        t.api('POST', '/api/booking/verify-payment', { token: user, body: { sessionId: booking.paymentSessionId } }),
        t.api('POST', '/api/booking/verify-payment', { token: user, body: { sessionId: booking.paymentSessionId } }),
      ]);
      expect(a.body.success).toBe(true);
      expect(b.body.success).toBe(true);
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ isPaid: true, paymentIntentId: 'pi_local_lost' });
      expect((await t.store.outbox.list(1000)).filter((m) => m.bookingId === booking.id && m.kind === 'booking-confirmation')).toHaveLength(1);
    });

    it("the page's Cancel releases the hold and its seats, then goes back to My Bookings; a second Cancel changes nothing", async () => {
      const { res, booking, seats } = await createBooking(t, user, 2);
      expect(Object.keys(await t.store.shows.occupiedSeats(booking.showId))).toEqual(expect.arrayContaining(seats));
      const cancel = () =>
        fetch(`${t.baseUrl}${new URL(res.body.url).pathname}/cancel`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
          redirect: 'manual',
        });
      const first = await cancel();
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe('http://localhost:3000/my-bookings');
      expect((await t.store.bookings.get(booking.id))!).toMatchObject({ status: 'cancelled', isPaid: false });
      const ledger = await t.store.shows.occupiedSeats(booking.showId);
      for (const seat of seats) expect(ledger[seat]).toBeUndefined();
      expect((await t.store.checkoutSessions.get(booking.paymentSessionId!))!.status).toBe('expired');
      const before = await snapshot(booking.id);
      const second = await cancel();
      expect(second.status).toBe(303);
      expect(await snapshot(booking.id)).toBe(before);
      expect((await submitCard(t, res.body.url)).status).toBe(410);
    });

    it('a refusal code the page does not know shows the plain form', async () => {
      const { res } = await createBooking(t, user, 1);
      const page = await fetch(`${t.baseUrl}${new URL(res.body.url).pathname}?refused=notAThing&field=cvc`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toContain('role="alert"');
      expect(html).not.toContain('aria-invalid="true"');
    });

    it('unknown sessions, and pages of cancelled bookings, take no payment', async () => {
      const missing = await fetch(`${t.baseUrl}/api/checkout/sessions/cs_local_0000`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('This payment link is not valid.');
      expect((await fetch(`${t.baseUrl}/api/checkout/sessions/not-a-session`)).status).toBe(400);

      const { res, booking, seats } = await createBooking(t, user, 1);
      await bookingTransitions(t.store.bookings).cancelHold(booking.id);
      const page = await fetch(`${t.baseUrl}${new URL(res.body.url).pathname}`);
      expect(page.status).toBe(410);
      const html = await page.text();
      expect(html).toContain('This booking was cancelled and its seats were released');
      expect(html).not.toContain('<form');
      // Visiting it closed the session; paying is refused.
      expect((await t.store.checkoutSessions.get(booking.paymentSessionId!))!.status).toBe('expired');
      const pay = await submitCard(t, res.body.url);
      expect(pay.status).toBe(410);
      expect((await t.store.bookings.get(booking.id))!.isPaid).toBe(false);
      expect(Object.keys(await t.store.shows.occupiedSeats(booking.showId))).not.toContain(seats[0]);
    });

    it('mark-paid pays once with one e-ticket, and closes the payment session so it cannot be paid again', async () => {
      const { res, booking } = await createBooking(t, user, 1);
      const results = await Promise.all(
        Array.from({ length: 3 }, () => t.api('POST', '/api/debug/mark-paid', { token: support, body: { bookingId: booking.id } })),
      );
      expect(results.map((r) => r.body.message).sort()).toEqual([
        'Booking marked as paid and email sent',
        'Booking was already paid',
        'Booking was already paid',
      ]);
      expect((await t.store.outbox.list(1000)).filter((m) => m.bookingId === booking.id && m.kind === 'booking-confirmation')).toHaveLength(1);
      expect((await t.store.checkoutSessions.get(booking.paymentSessionId!))!.status).toBe('expired');
      const page = await fetch(`${t.baseUrl}${new URL(res.body.url).pathname}`);
      expect(await page.text()).toContain('This booking is already paid.');
      expect((await t.api('GET', '/api/config')).body.paymentProvider).toBe('local');
    });
  });
}
