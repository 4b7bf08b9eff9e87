import { wrongAnswerMessages } from '@dealdesk/core';
import type { FailureTexts } from '../../ui/notify.js';

/** Loading or saving categories and subcategories fails as 'Something went wrong!' (spec). */
export const categoryFailure: FailureTexts = {
  failed: 'Something went wrong!',
  unreachable: 'Something went wrong!',
};

export const categoryWrongAnswer = wrongAnswerMessages.catalogue;
