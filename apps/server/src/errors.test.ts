// Which errors mean "the database is away for now" (a 503 with Retry-After, app.ts) and which stay what they were.
import { expect, test } from 'vitest';
import { AppError, isDatabaseUnavailable } from './errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test('a failover, a restart, a standby or a refused connection: the database is away', () => {
  for (const e of [
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P02'),
    withCode('57P03', 'the database system is starting up'),
    withCode('25006', 'cannot execute INSERT in a read-only transaction'),
    withCode('08006'),
    withCode('08P01'),
    withCode('53300'),
    withCode('ECONNREFUSED'),
    withCode('ECONNRESET'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
    // drizzle wraps the driver's error in its own, with the driver's as `cause`
    Object.assign(new Error('Failed query: commit'), { cause: new Error('Connection terminated unexpectedly') }),
    // Node tries each address of a name in turn and reports them together
    new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
  ]) {
    expect(isDatabaseUnavailable(e), String(e)).toBe(true);
  }
});

test('a refusal of the request itself is not', () => {
  for (const e of [
    withCode('23505', 'duplicate key value violates unique constraint'),
    withCode('P0001', 'refused by a trigger'),
    withCode('ML402'),
    withCode('22021'),
    new AppError(409, 'Connection terminated by the test'),
    new TypeError('cannot read properties of undefined'),
    Object.assign(new Error('Failed query'), { cause: withCode('23514') }),
    null,
    'Connection terminated',
  ]) {
    expect(isDatabaseUnavailable(e), String(e)).toBe(false);
  }
});
