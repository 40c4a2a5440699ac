import { describe, expect, it } from 'vitest';
import { AppError, isDependencyOutage } from './errors';

describe('isDependencyOutage', () => {
  it('recognises unreachable, overloaded and failing services, also when wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    for (const error of [
      refused,
      new AggregateError([refused]),
      new Error('wrapped', { cause: refused }),
      Object.assign(new Error('slow'), { name: 'TimeoutError' }),
      Object.assign(new Error('busy'), { name: 'ProvisionedThroughputExceededException' }),
      Object.assign(new Error('down'), {
        name: 'Whatever',
        $fault: 'server',
        $metadata: { httpStatusCode: 503 },
      }),
    ])
      expect(isDependencyOutage(error), error.message).toBe(true);
  });

  it('leaves the caller’s mistakes and the code’s bugs alone', () => {
    for (const error of [
      new AppError('NOT_FOUND', 'nope'),
      new TypeError('x is undefined'),
      Object.assign(new Error('bad'), {
        name: 'ValidationException',
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
      }),
      Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' }),
      null,
      'ECONNREFUSED',
    ])
      expect(isDependencyOutage(error)).toBe(false);
  });
});
