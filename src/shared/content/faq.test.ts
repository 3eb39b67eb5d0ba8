import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from './faq';

const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
const answerTo = (index: number) => FAQ_ITEMS[index]?.answer ?? '';

describe('FAQ', () => {
  it('asks the eight questions of SPEC §1, in order', () => {
    expect(FAQ_ITEMS.map((item) => item.question)).toEqual([
      'What is Fieldwork Tracker?',
      'What is the difference between restricted and unrestricted hours?',
      'How are my documents stored?',
      'What is a supervision contact?',
      'How often do I need to meet with my supervisor?',
      'What is discussed in supervision?',
      'What is the monthly verification form?',
      'How long does fieldwork take?',
    ]);
  });

  it.each(FAQ_ITEMS.map((item) => [item.question, item.answer]))(
    'answers %j in 2 to 5 sentences of plain text',
    (_, answer) => {
      expect(sentences(answer)).toBeGreaterThanOrEqual(2);
      expect(sentences(answer)).toBeLessThanOrEqual(5);
      expect(answer).not.toMatch(/[<>*_#`]/);
    },
  );

  it('caps restricted hours at 40%', () => {
    expect(answerTo(1)).toContain('no more than 40%');
    expect(answerTo(1)).toContain('At least 60%');
  });

  it('keeps documents for 7 years, through cancellation', () => {
    expect(answerTo(2)).toContain('at least 7 years');
    expect(answerTo(2)).toContain('Cancelling your subscription never deletes them');
  });

  it('says a phone call is not a contact', () => {
    expect(answerTo(3)).toContain('Phone calls do not count as a supervision contact');
  });

  it('gives the contact and supervision minimums of both rule sets', () => {
    const answer = answerTo(4);
    expect(answer).toContain('at least 4 supervision contacts');
    expect(answer).toContain('(6 on the concentrated track)');
    expect(answer).toContain('5%');
    expect(answer).toContain('10% concentrated');
    expect(answer).toContain('7.5% concentrated');
    expect(answer).toContain('no minimum number of contacts');
  });

  it('dates the monthly form by the last day of the following month', () => {
    expect(answerTo(6)).toContain('by the last day of the following month');
    expect(answerTo(6)).toContain('M-FVF');
  });

  it('gives the hour totals, monthly ranges, typical duration and the 5-year limit', () => {
    const answer = answerTo(7);
    for (const fact of ['2,000 hours', '1,500 hours', '1.33', '20 and 130', '20 and 160']) {
      expect(answer).toContain(fact);
    }
    expect(answer).toContain('12 to 18 months');
    expect(answer).toContain('within 5 continuous years');
  });
});
