import { describe, expect, it } from 'vitest';
import { firstFieldToFocus, labelOfField } from './log-field-labels';

describe('firstFieldToFocus', () => {
  it('picks the first field in the order of the form, whatever order the errors came in', () => {
    expect(
      firstFieldToFocus(['task', 'time_of_expereince_end', 'setting'], {
        isAddingSupervisor: false,
      }),
    ).toBe('setting');
  });

  it('never focuses a computed field', () => {
    expect(
      firstFieldToFocus(['restricted_hours', 'experience_note'], { isAddingSupervisor: false }),
    ).toBe('experience_note');
    expect(firstFieldToFocus(['experience_hours'], { isAddingSupervisor: false })).toBeUndefined();
  });

  it("sends a supervisor message to the new supervisor's name while adding one", () => {
    expect(firstFieldToFocus(['supervisor', 'task'], { isAddingSupervisor: true })).toBe(
      'newSupervisor',
    );
  });
});

describe('labelOfField', () => {
  it('names fields as the form labels them, and makes unknown ones readable', () => {
    expect(labelOfField('independant_hours')).toBe('Independent Hours');
    expect(labelOfField('trainee_supervisor')).toBe('Supervisor');
    expect(labelOfField('some_new_field')).toBe('Some new field');
  });
});
