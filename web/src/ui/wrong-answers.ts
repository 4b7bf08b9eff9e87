import { wrongAnswerMessages } from '@dealdesk/core';

/**
 * Which of the spec's wrong-answer wordings each screen uses (the spec names three without
 * tying them to screens; docs/decisions.md records this choice).
 */
export const wrongAnswerFor = {
  shortcuts: wrongAnswerMessages.ansIsNotCorrect,
  banners: wrongAnswerMessages.ansIsNotCorrect,
  stories: wrongAnswerMessages.ansInNotCurrect,
  storyAds: wrongAnswerMessages.ansInNotCurrect,
  controller: wrongAnswerMessages.captchaNotCorrect,
} as const;
