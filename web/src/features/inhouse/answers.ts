import { wrongAnswerMessages } from '@dealdesk/core';
import type { FailureTexts } from '../../ui/notify.js';

/** The in-house screens' own wording (spec part 2, section 8). */
export const inHouseTexts = {
  wrongAnswer: wrongAnswerMessages.inHouse,
} as const;

export const uploadFailure: FailureTexts = { failed: 'not upload !', unreachable: 'not upload !' };
export const deleteFailure: FailureTexts = {
  failed: 'Failed to delete In House ads',
  unreachable: 'Failed to delete In House ads',
};
