import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from '../../../../shared/contracts/contract.schema';
import { ApiError } from '../../../lib/api-client';
import { splitServerErrors } from './server-errors';

const FIELDS = ['full_name', 'intent'] as const;

describe('a refused signature in the sign dialog (field errors under the fields)', () => {
  it('puts each field’s first message under it', () => {
    const error = new ApiError(400, 'VALIDATION', 'Invalid', {
      full_name: [CONTRACT_MESSAGES.nameRequired, 'second'],
      intent: [CONTRACT_MESSAGES.intentRequired],
    });
    expect(splitServerErrors(error, FIELDS, 'fallback')).toEqual({
      fields: {
        full_name: CONTRACT_MESSAGES.nameRequired,
        intent: CONTRACT_MESSAGES.intentRequired,
      },
      other: undefined,
    });
  });

  it('says a message of no field of the dialog in its alert', () => {
    const error = new ApiError(400, 'VALIDATION', 'Invalid', {
      sections: [CONTRACT_MESSAGES.sectionRequired],
    });
    expect(splitServerErrors(error, FIELDS, 'fallback')).toEqual({
      fields: {},
      other: CONTRACT_MESSAGES.sectionRequired,
    });
  });

  it('says a refusal with no fields (409) as its detail', () => {
    const error = new ApiError(409, 'CONFLICT', CONTRACT_MESSAGES.changedSinceRead);
    expect(splitServerErrors(error, FIELDS, 'fallback').other).toBe(
      CONTRACT_MESSAGES.changedSinceRead,
    );
  });

  it('falls back to its own words when the failure is not the API’s', () => {
    expect(splitServerErrors(new Error('boom'), FIELDS, 'Try again.')).toEqual({
      fields: {},
      other: 'Try again.',
    });
  });
});
