import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How drizzle wraps a driver error. */
const failedQuery = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['the server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['the server starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['every address refused', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('%s, wrapped by drizzle or not', (_, cause) => {
    expect(isDatabaseUnavailable(cause)).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(cause))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('not %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(false);
  });
});
