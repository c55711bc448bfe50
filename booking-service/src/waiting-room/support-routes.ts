import { failures } from '../contract/failures.ts';
import { AccountBody, AccountLookupQuery, EventIdParams, OnSaleEventsResponse, OnSaleFiguresResponse, QueueEntryResponse, WaitingRoomActionsResponse } from '../contract/waiting-room.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { checkAccountText } from './on-sale-input.ts';
import { answerOutagesAsPaused, figuresOf, security, storedEventOr404, tags, valid } from './route-helpers.ts';
import type { WaitingRoom } from './waiting-room.ts';
import type { WaitingRoomRepository } from './waiting-room-repository.ts';

export interface WaitingRoomSupportRoutesDeps {
  waitingRoom: WaitingRoom;
  repository: Pick<WaitingRoomRepository, 'figures' | 'findEntry' | 'admitEntry' | 'removeEntry' | 'actions'>;
  /** Names the accounts in the action log: support reads "Priya (support)", not "local|support". */
  users: Pick<UserRepository, 'get'>;
  auth: Auth;
  now: () => Date;
  /** Which errors mean the store is unreachable (store/unavailable.ts). */
  isUnavailable: (error: unknown) => boolean;
}

/** Support, /api/debug/waiting-room/*: look an account's place up, admit or remove it; every action is recorded with who did it. */
export async function waitingRoomSupportRoutes(support: AppInstance, deps: WaitingRoomSupportRoutesDeps) {
  const { waitingRoom, repository, auth, now } = deps;
  answerOutagesAsPaused(support, deps.isUnavailable);
  support.addHook('onRequest', auth.requireRole('support'));

  // The events and their numbers, as the live panel shows them: support picks the event a moviegoer asks about.
  support.get('/api/debug/waiting-room', { schema: { tags, security, summary: 'On-sale events (support)', response: { 200: OnSaleEventsResponse, ...failures(401, 403, 503) } } }, async () => {
    return { success: true as const, ...(await waitingRoom.staffEvents()) };
  });

  support.get(
    '/api/debug/waiting-room/:eventId',
    { schema: { tags, security, summary: "An event's numbers: waiting, shopping, admitted per minute, seats left (support)", params: EventIdParams, response: { 200: OnSaleFiguresResponse, ...failures(400, 401, 403, 404, 503) } } },
    async (request) => figuresOf(waitingRoom, repository, request.params.eventId, now()),
  );

  support.get(
    '/api/debug/waiting-room/:eventId/entry',
    { schema: { tags, security, summary: "An account's place, by account id or email (support)", params: EventIdParams, querystring: AccountLookupQuery, response: { 200: QueueEntryResponse, ...failures(400, 401, 403, 404, 503) } } },
    async (request) => {
      const event = await storedEventOr404(waitingRoom, request.params.eventId);
      const account = valid(checkAccountText('account', request.query.account.trim()));
      const entry = await repository.findEntry(event.id, account);
      if (!entry) throw notFound('That account has no place in this waiting room');
      return { success: true as const, entry: waitingRoom.describeEntry(entry, event) };
    },
  );

  for (const action of ['admit', 'remove'] as const) {
    support.post(
      `/api/debug/waiting-room/:eventId/${action}`,
      {
        schema: {
          tags,
          security,
          summary: action === 'admit' ? 'Give an entry a shopping window now, out of turn (support)' : 'Remove an entry from the queue (support)',
          params: EventIdParams,
          body: AccountBody,
          response: { 200: QueueEntryResponse, ...failures(400, 401, 403, 404, 413, 415, 503) },
        },
      },
      async (request) => {
        const event = await storedEventOr404(waitingRoom, request.params.eventId);
        const change = action === 'admit' ? repository.admitEntry : repository.removeEntry;
        const accountId = valid(checkAccountText('accountId', request.body.accountId));
        const entry = await change(event.id, accountId, request.identity!.sub, now());
        if (!entry) throw notFound('That account has no place in this waiting room');
        return { success: true as const, entry: waitingRoom.describeEntry(entry, event) };
      },
    );
  }

  support.get(
    '/api/debug/waiting-room/:eventId/actions',
    { schema: { tags, security, summary: "Staff and support actions on the event, who and when (support)", params: EventIdParams, response: { 200: WaitingRoomActionsResponse, ...failures(400, 401, 403, 404, 503) } } },
    async (request) => {
      // A cancelled event is no longer listed, but its actions (the cancel among them) are kept and shown.
      const actions = await repository.actions(request.params.eventId);
      if (actions.length === 0) await storedEventOr404(waitingRoom, request.params.eventId);
      const names = await accountNames(deps.users, [...actions.map((a) => a.actor), ...actions.flatMap((a) => (a.accountId ? [a.accountId] : []))]);
      return {
        success: true as const,
        actions: actions.map((a) => ({
          actor: a.actor,
          actorName: names.get(a.actor)!,
          action: a.action,
          accountId: a.accountId,
          accountName: a.accountId ? names.get(a.accountId)! : null,
          at: a.at.toISOString(),
        })),
      };
    },
  );
}

/** Each account's name as people know it: its name, else its email, else the id itself (an account never seen). */
async function accountNames(users: Pick<UserRepository, 'get'>, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => users.get(id)));
  return new Map(unique.map((id, i) => [id, found[i]?.name || found[i]?.email || id]));
}
