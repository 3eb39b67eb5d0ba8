import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { QualificationFlagWire } from '../../../../shared/supervisors/qualification-flag.schema';
import { QualificationWarning } from './sign-form-modal';

/*
 * Issue 39 part 3. BCBA Handbook, "Multiple Supervisors at One Organization": "The Responsible
 * Supervisor must meet all supervision requirements for the entire duration of the M-FVF or F-FVF
 * they sign". The sign dialogs warn with each reason and its section; signing stays allowed.
 */

const MARCH: QualificationFlagWire = {
  code: 'consultation-missing',
  month: '2026-03',
  message:
    'Ana Núñez was in their first year of certification in March 2026 with no consultation recorded (Handbook, "Supervisor Qualifications").',
};

const render = (flags: QualificationFlagWire[], party: 'trainee' | 'supervisor') =>
  renderToStaticMarkup(
    <MantineProvider>
      <QualificationWarning flags={flags} party={party} />
    </MantineProvider>,
  );

describe('the sign dialog’s qualification warning (Handbook, "Multiple Supervisors at One Organization")', () => {
  it('shows each flag’s reason and section, and says signing is still allowed', () => {
    const html = render([MARCH], 'trainee');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your supervisor may not qualify for this form’s months');
    expect(html).toContain('in March 2026 with no consultation recorded');
    expect(html).toContain('(Handbook, &quot;Supervisor Qualifications&quot;)');
    expect(html).toContain('You can still sign.');
  });

  it('speaks to the supervisor as the one who may not qualify', () => {
    expect(render([MARCH], 'supervisor')).toContain('You may not qualify for this form’s months');
  });

  it('shows nothing without flags', () => {
    // MantineProvider writes its styles; no alert follows them.
    expect(render([], 'trainee')).not.toContain('role="alert"');
    expect(render([], 'trainee')).not.toContain('may not qualify');
  });
});
