import { describe, expect, it } from 'vitest';
import { AppError } from './errors';

const frames = (error: Error) =>
  (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

describe('AppError', () => {
  it('captures no stack for a 4xx, the caller’s doing', () => {
    for (const code of ['NOT_FOUND', 'VALIDATION', 'UNAUTHENTICATED', 'RATE_LIMITED'] as const) {
      const error = new AppError(code, 'No route GET /api/nothing');
      expect(frames(error)).toEqual([]);
      expect(error.stack).toContain('No route GET /api/nothing');
    }
  });

  it('keeps the stack of a 5xx, for the log', () => {
    expect(frames(new AppError('INTERNAL', 'broke')).length).toBeGreaterThan(0);
    expect(frames(new AppError('UNAVAILABLE', 'down')).length).toBeGreaterThan(0);
  });

  it('leaves every other error’s stack as it was', () => {
    const before = Error.stackTraceLimit;
    new AppError('NOT_FOUND', 'gone');
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(new Error('plain')).length).toBeGreaterThan(0);
  });
});
