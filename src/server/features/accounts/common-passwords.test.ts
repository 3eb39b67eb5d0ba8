import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each([
    ['password', true],
    ['PassWord1', true],
    ['12345678', true],
    ['iloveyou', true],
    ['correct-horse-42', false],
    ['x7#Lq9!vTz', false],
  ])('says %s is common: %s', (password, expected) => {
    expect(isCommonPassword(password)).toBe(expected);
  });
});
