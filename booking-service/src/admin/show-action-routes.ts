import { CancelShowResponse, ShowPriceBody, ShowPriceResponse } from '../contract/show-actions.ts';
import { failures } from '../contract/failures.ts';
import { formatMoney, toCents } from '../contract/money.ts';
import { ShowIdParams } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import { cancelShow, type ShowCancellationDeps } from './show-cancellation.ts';
import type { ShowRepository } from '../shows/show-repository.ts';

export interface ShowActionRoutesDeps extends Omit<ShowCancellationDeps, 'log' | 'shows'> {
  shows: Pick<ShowRepository, 'get' | 'cancel' | 'setPrice'>;
  auth: Auth;
  currency: string;
  /** A show's seat map changed (its cached seat answer carries the prices). */
  onSeatsChanged: (showId: string) => void;
}

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** List Shows' row actions (admin): cancel a show with refunds, change its price. */
export async function showActionRoutes(app: AppInstance, deps: ShowActionRoutesDeps) {
  const { shows, auth, now } = deps;
  app.addHook('onRequest', auth.requireRole('admin'));

  app.post(
    '/api/admin/shows/:showId/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a show: every paid booking refunded in full and its moviegoer emailed, every hold released, the show no longer bookable',
        description:
          'The show is marked cancelled (it stays in the staff lists, leaves the moviegoers\' lists, and new holds are refused). Each paid booking ' +
          'is cancelled and refunded through the payment provider as a moviegoer\'s own cancellation is (idempotency key per booking; a refund the ' +
          'provider cannot take now stays pending and the reconciliation retries it), with a cancellation-notice email. Idempotent: calling it again ' +
          'ends whatever is still live and refunds nobody twice. A booking already admitted at the door (it opens before the show) keeps its one ' +
          'fate: it stays paid, is not refunded by the system, and is counted in `admitted` for staff to settle with the guest in person. ' +
          '409 once the show has started.',
        params: ShowIdParams,
        response: { 200: CancelShowResponse, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const result = await cancelShow({ ...deps, log: request.log }, request.params.showId);
      if (result.outcome === 'unknown-show') throw notFound('Show not found');
      if (result.outcome === 'started') throw conflict('This show has already started; it can no longer be cancelled');
      const parts = [
        `${result.refunded} paid booking${result.refunded === 1 ? '' : 's'} refunded and emailed`,
        `${result.released} hold${result.released === 1 ? '' : 's'} released`,
      ];
      if (result.refundsPending) parts.push(`${result.refundsPending} refund${result.refundsPending === 1 ? '' : 's'} still pending with the payment provider (retried)`);
      if (result.refundsFailed) parts.push(`${result.refundsFailed} refund${result.refundsFailed === 1 ? '' : 's'} refused by the provider (see support)`);
      if (result.admitted) parts.push(`${result.admitted} booking${result.admitted === 1 ? '' : 's'} already admitted at the door, not refunded: settle with those guests in person`);
      const head = result.outcome === 'cancelled' ? 'Show cancelled' : 'Show was already cancelled';
      return { success: true as const, message: `${head}: ${parts.join(', ')}.`, ...result };
    },
  );

  app.post(
    '/api/admin/shows/:showId/price',
    {
      schema: {
        tags,
        security,
        summary: "Change an upcoming show's standard seat price, for bookings made from now on",
        description: 'Bookings already made keep the amount they were made at. 409 for a cancelled show or one that has started.',
        params: ShowIdParams,
        body: ShowPriceBody,
        response: { 200: ShowPriceResponse, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { showId } = request.params;
      const show = await shows.get(showId);
      if (!show) throw notFound('Show not found');
      if (show.cancelledAt) throw conflict('This show is cancelled; its price can no longer change');
      if (show.startsAt.getTime() <= now().getTime()) throw conflict('This show has already started; its price can no longer change');
      const priceCents = toCents(request.body.showPrice);
      if (priceCents === null) throw badRequest('Price must be in whole cents');
      if (!(await shows.setPrice(showId, priceCents))) throw conflict('This show is cancelled; its price can no longer change');
      deps.onScheduleChanged(show.movieId);
      deps.onSeatsChanged(showId);
      return {
        success: true as const,
        message: `Price changed from ${formatMoney(show.priceCents, deps.currency)} to ${formatMoney(priceCents, deps.currency)} for bookings made from now on`,
        showPrice: request.body.showPrice,
      };
    },
  );
}
