import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_MESSAGES } from '../../../../shared/logs/log-messages';
import { ApiError } from '../../../lib/api-client';
import { reportLogErrors } from './log-errors';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/notify', () => ({
  notifyError: (message: string) => toasts.push(message),
}));

function report(error: unknown) {
  const placed: [string, string | undefined][] = [];
  const result = reportLogErrors(error, (name, error) => placed.push([name, error.message]));
  return { ...result, placed };
}

beforeEach(() => {
  toasts.length = 0;
});

describe('reportLogErrors', () => {
  it('places each field’s first message under its field and toasts every message (SPEC §8)', () => {
    const result = report(
      new ApiError(400, 'VALIDATION', 'Invalid input', {
        date_of_experience: ['Date cannot be in the future', 'Second message.'],
        task: ['Select at least one task'],
      }),
    );
    expect(result.placed).toEqual([
      ['date_of_experience', 'Date cannot be in the future'],
      ['task', 'Select at least one task'],
    ]);
    expect(result.fields).toEqual(['date_of_experience', 'task']);
    expect(result.messages).toEqual([
      'Date of Experience: Date cannot be in the future!',
      'Date of Experience: Second message.',
      'Tasks: Select at least one task!',
    ]);
    expect(toasts).toEqual(result.messages);
  });

  it('puts the contract’s trainee_supervisor under the supervisor select', () => {
    const result = report(
      new ApiError(400, 'VALIDATION', 'Invalid input', {
        trainee_supervisor: ['This supervisor’s access has ended'],
      }),
    );
    expect(result.placed).toEqual([['supervisor', 'This supervisor’s access has ended']]);
    expect(result.messages).toEqual(['Supervisor: This supervisor’s access has ended!']);
  });

  it('puts the refusal of a second fieldwork type in a structure’s month (Handbook "Number of Hours by Fieldwork Type") under the Experience Type select', () => {
    const message = LOG_MESSAGES.oneTypePerStructure({
      month: '2026-03',
      structure: 'Dana Reyes',
      type: 1,
    });
    const result = report(
      new ApiError(400, 'VALIDATION', 'Invalid log', { expereince_type: [message] }),
    );
    expect(result.placed).toEqual([['expereince_type', message]]);
    expect(result.fields).toEqual(['expereince_type']);
    expect(result.messages).toEqual([`Experience Type: ${message}`]);
  });

  it('toasts a message for the whole entry, or for no field of the form, without placing it', () => {
    const result = report(
      new ApiError(400, 'VALIDATION', 'Invalid input', {
        non_field_errors: ['This entry overlaps another one'],
        trainee: ['Unknown trainee'],
      }),
    );
    expect(result.placed).toEqual([]);
    expect(result.fields).toEqual([]);
    expect(result.messages).toEqual([
      'This entry overlaps another one',
      'Trainee: Unknown trainee!',
    ]);
    expect(toasts).toEqual(result.messages);
  });

  it('toasts the error’s own message when it names no field', () => {
    const result = report(new ApiError(409, 'CONFLICT', 'This month is locked.'));
    expect(result).toEqual({ messages: ['This month is locked.'], fields: [], placed: [] });
    expect(toasts).toEqual(['This month is locked.']);
  });

  it('says something went wrong for an error that is not the API’s', () => {
    const result = report(new TypeError('Failed to fetch'));
    expect(result.messages).toEqual(['Something went wrong. Please try again.']);
    expect(result.fields).toEqual([]);
    expect(toasts).toEqual(['Something went wrong. Please try again.']);
  });
});
