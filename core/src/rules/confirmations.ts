/** A simple math question that guards controller changes and destructive actions. */
export interface CaptchaChallenge {
  question: string;
  /** Kept with the question: the guard is a speed bump against slips, not a secret. */
  answer: number;
}

/** Operands run from 1 to this; small enough to add in one's head. */
const largestOperand = 9;

/** A new question from a random source in [0, 1) (Math.random unless a test passes one). */
export function createCaptcha(random: () => number = Math.random): CaptchaChallenge {
  const operand = () => 1 + Math.floor(random() * largestOperand);
  const left = operand();
  const right = operand();
  return { question: `What is ${left} + ${right}?`, answer: left + right };
}

/** Whether a typed answer (spaces around it ignored) solves the question. */
export function checkCaptcha(challenge: CaptchaChallenge, answer: string | number): boolean {
  if (typeof answer === 'number') return answer === challenge.answer;
  const typed = answer.trim();
  // Digits only: '0x9', '9e0' or '' are not answers even though Number() reads them.
  return /^\d+$/.test(typed) && Number(typed) === challenge.answer;
}

/** The word typed to confirm some risky actions. */
export const confirmationWord = 'admin';

/** Whether the confirmation word was typed (trimmed, any case). */
export function checkConfirmationWord(typed: string): boolean {
  return typed.trim().toLowerCase() === confirmationWord;
}

/**
 * Wrong-answer messages, verbatim from the spec (typos included): each screen words it its
 * own way, and the spec ties only some of them to a screen.
 */
export const wrongAnswerMessages = {
  /** Part 1 (controller changes and deletes) and part 2 (clearing analytics, notifications, ads). */
  captchaNotCorrect: 'Captcha answer is not correct',
  /** Part 1, some screens. */
  ansIsNotCorrect: 'Ans is not correct',
  /** Part 1, some screens. */
  ansInNotCurrect: 'Ans in not currect',
  /** Products and categories. */
  catalogue: 'Answer is not correct',
  /** Clearing analytics, notifications, ads. */
  captchaIncorrect: 'Captcha answer is incorrect',
  /** In-house ads. */
  inHouse: 'Incorrect answer to the captcha.',
} as const;
