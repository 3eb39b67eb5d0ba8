import { describe, expect, it } from 'vitest';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from './legal';
import { parseSimpleMarkdown } from './markdown';

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const headings = (text: string) =>
  parseSimpleMarkdown(text).flatMap((block) => (block.type === 'heading' ? [block.text] : []));

describe.each([
  ['Terms of Service', TERMS_OF_SERVICE],
  ['Privacy Policy', PRIVACY_POLICY],
])('%s', (_, text) => {
  it('starts with the date it was last updated', () => {
    expect(text.startsWith('Last updated: 29 March 2022\n')).toBe(true);
  });

  it('is a full text of roughly 900 to 1500 words', () => {
    expect(wordCount(text)).toBeGreaterThanOrEqual(900);
    expect(wordCount(text)).toBeLessThanOrEqual(1500);
  });

  it('uses only the Markdown the renderer knows: ## headings, paragraphs, bullet lists', () => {
    expect(text).not.toMatch(/[<>`*_[\]]/);
    expect(text).not.toMatch(/^#(?!#\s)/m);
    expect(text).not.toMatch(/^\s*\d+\.\s/m);
  });

  it('names the product, not the original one', () => {
    expect(text).toContain('Fieldwork Tracker');
  });
});

describe('Terms of Service', () => {
  it('covers each topic the product needs', () => {
    expect(headings(TERMS_OF_SERVICE)).toEqual([
      '1. What the Service is, and what it is not',
      '2. Accounts and roles',
      '3. Free trial and subscriptions',
      '4. Your responsibility for your BACB paperwork',
      '5. Your content and record retention',
      '6. Acceptable use',
      '7. Suspension and termination',
      '8. Availability and changes to the Service',
      '9. Disclaimers and limitation of liability',
      '10. Changes to these Terms',
      '11. Contact',
    ]);
  });

  it('states the trial, the plans, that supervisors are free and that the BACB is not involved', () => {
    expect(TERMS_OF_SERVICE).toContain('7-day free trial');
    expect(TERMS_OF_SERVICE).toMatch(/monthly plan[\s\S]*yearly plan[\s\S]*lifetime plan/);
    expect(TERMS_OF_SERVICE).toContain('Supervisors use the Service free of charge.');
    expect(TERMS_OF_SERVICE).toContain('not affiliated with, sponsored by or endorsed by');
  });

  it('promises seven years of retention and that cancelling never deletes records', () => {
    expect(TERMS_OF_SERVICE).toContain('at least seven years');
    expect(TERMS_OF_SERVICE).toContain('Cancelling a subscription never deletes records');
  });
});

describe('Privacy Policy', () => {
  it('has the children’s privacy note for under-13s', () => {
    expect(headings(PRIVACY_POLICY)).toContain("8. Children's privacy");
    expect(PRIVACY_POLICY).toContain('not directed to children under 13');
    expect(PRIVACY_POLICY).toContain(
      'we do not knowingly collect personal information from children under 13',
    );
    expect(PRIVACY_POLICY).toMatch(/under 13, we will delete it/);
  });

  it('says card numbers are tokenised and never stored, and data is shared with linked supervisors only', () => {
    expect(PRIVACY_POLICY).toContain('token');
    expect(PRIVACY_POLICY).toContain('We never see or store full card numbers');
    expect(PRIVACY_POLICY).toContain('shared only with the supervisors linked to your account');
  });

  it('gives the seven-year retention, the security measures, the rights and a contact email', () => {
    expect(PRIVACY_POLICY).toContain('at least seven years');
    expect(PRIVACY_POLICY).toContain('salted hashes');
    expect(PRIVACY_POLICY).toContain('encrypted in transit');
    expect(PRIVACY_POLICY).toContain('local storage');
    expect(PRIVACY_POLICY).toContain('privacy@fieldworktracker.example');
    expect(headings(PRIVACY_POLICY)).toContain('6. Your rights');
  });
});
