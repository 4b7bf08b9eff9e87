import { describe, expect, it } from 'vitest';
import {
  checkCaptcha,
  checkConfirmationWord,
  createCaptcha,
  wrongAnswerMessages,
} from './confirmations.js';

/** A random source that answers the given values in turn. */
const sequence =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

describe('createCaptcha', () => {
  it('asks the sum of two numbers from 1 to 9', () => {
    expect(createCaptcha(sequence(0, 0.999))).toEqual({ question: 'What is 1 + 9?', answer: 10 });
    expect(createCaptcha(sequence(0.5, 0.25))).toEqual({ question: 'What is 5 + 3?', answer: 8 });
  });

  it('keeps every question within 2 to 18 with Math.random', () => {
    for (let i = 0; i < 200; i += 1) {
      const { question, answer } = createCaptcha();
      const operands = (question.match(/\d+/g) ?? []).map(Number);
      expect(operands).toHaveLength(2);
      expect(operands.reduce((sum, operand) => sum + operand, 0)).toBe(answer);
      expect(answer).toBeGreaterThanOrEqual(2);
      expect(answer).toBeLessThanOrEqual(18);
    }
  });
});

describe('checkCaptcha', () => {
  const challenge = createCaptcha(sequence(0.5, 0.25)); // 5 + 3

  it.each([
    ['8', true],
    [' 8 ', true],
    [8, true],
    ['08', true],
    ['9', false],
    [9, false],
    ['', false],
    ['eight', false],
    ['8.0', false],
    ['0x8', false],
    ['8e0', false],
  ])('answer %j is %s', (answer, solved) => {
    expect(checkCaptcha(challenge, answer)).toBe(solved);
  });
});

describe('checkConfirmationWord', () => {
  it.each([
    ['admin', true],
    ['  Admin ', true],
    ['ADMIN', true],
    ['admins', false],
    ['ad min', false],
    ['', false],
  ])('%j confirms: %s', (typed, confirmed) => {
    expect(checkConfirmationWord(typed)).toBe(confirmed);
  });
});

describe('wrongAnswerMessages', () => {
  it("keeps the spec's wording, typos included", () => {
    expect(wrongAnswerMessages).toEqual({
      captchaNotCorrect: 'Captcha answer is not correct',
      ansIsNotCorrect: 'Ans is not correct',
      ansInNotCurrect: 'Ans in not currect',
      catalogue: 'Answer is not correct',
      captchaIncorrect: 'Captcha answer is incorrect',
      inHouse: 'Incorrect answer to the captcha.',
    });
  });
});
