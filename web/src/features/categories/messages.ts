import { wrongAnswerMessages } from '@dealdesk/core';

export const categoryWrongAnswer = wrongAnswerMessages.catalogue;
