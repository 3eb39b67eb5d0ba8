import { describe, expect, it } from 'vitest';
import { DATABASE_BUSY, DATABASE_DOWN, databaseFault } from './error-handler';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As drizzle throws it: its own error, with the driver's as the cause. */
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('databaseFault', () => {
  it.each([
    [
      'a refused connection',
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      DATABASE_DOWN,
    ],
    [
      'an admin shutdown (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
      DATABASE_DOWN,
    ],
    [
      'a server starting up (57P03)',
      withCode('the database system is starting up', '57P03'),
      DATABASE_DOWN,
    ],
    ['a connection exception (class 08)', withCode('connection failure', '08006'), DATABASE_DOWN],
    ['a lost connection', new Error('Connection terminated unexpectedly'), DATABASE_DOWN],
    [
      'no pooled connection in time',
      new Error('timeout exceeded when trying to connect'),
      DATABASE_BUSY,
    ],
    [
      'a statement timeout (57014)',
      withCode('canceling statement due to statement timeout', '57014'),
      DATABASE_BUSY,
    ],
  ])('answers 503 for %s, wrapped or not', (_case, error, message) => {
    for (const thrown of [error, wrapped(error)]) {
      const fault = databaseFault(thrown);
      expect(fault?.code).toBe('UNAVAILABLE');
      expect(fault?.status).toBe(503);
      expect(fault?.message).toBe(message);
    }
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a programming error', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('leaves %s alone', (_case, error) => {
    expect(databaseFault(error)).toBeUndefined();
    expect(
      databaseFault(wrapped(error instanceof Error ? error : new Error(String(error)))),
    ).toBeUndefined();
  });
});
