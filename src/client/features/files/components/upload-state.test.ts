import { describe, expect, it } from 'vitest';
import { requestedFormType, uploadState } from './upload-state';

describe('requestedFormType', () => {
  it.each([
    [{ type: 'M-FVF' }, 'Monthly'],
    [{ type: 'F-FVF' }, 'Final'],
    [{ type: 'W-FVF' }, null],
    [{ date: '2026-03-01' }, null],
    [null, null],
    ['M-FVF', null],
  ])('reads %j as %s', (state, formType) => {
    expect(requestedFormType(state)).toBe(formType);
  });

  it('reads back the state it writes', () => {
    expect(requestedFormType(uploadState('Monthly'))).toBe('Monthly');
    expect(requestedFormType(uploadState('Final'))).toBe('Final');
  });
});
