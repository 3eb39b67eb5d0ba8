import { describe, expect, it } from 'vitest';
import { supervisorAccountState } from './trainee-supervisor.schema';

describe('supervisorAccountState', () => {
  it.each([
    { link_status: 'accepted', invited_at: null, state: 'accepted' },
    { link_status: 'pending', invited_at: null, state: 'pending' },
    // Invited, then the supervisor signed up: their answer is what the trainee sees now.
    { link_status: 'pending', invited_at: '2026-03-20T15:00:00.000Z', state: 'pending' },
    { link_status: 'declined', invited_at: null, state: 'declined' },
    { link_status: null, invited_at: '2026-03-20T15:00:00.000Z', state: 'invited' },
    { link_status: null, invited_at: null, state: 'none' },
  ] as const)('$link_status, invited $invited_at: $state', ({ state, ...row }) => {
    expect(supervisorAccountState(row)).toBe(state);
  });
});
