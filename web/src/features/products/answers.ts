import type { ClientResult } from '@dealdesk/core';
import { ApiFailure } from '../../ui/notify.js';

/** What a screen says when a call fails without the server's own words (spec section 8). */
export interface FailureTexts {
  /** The call answered status false with no message. */
  failed: string;
  /** No answer at all (the call could not reach the server). */
  unreachable: string;
}

/** The answer of a call that succeeded; otherwise an ApiFailure worded as the screen words it. */
export function unwrapOr<Answer extends object>(
  result: ClientResult<Answer>,
  texts: FailureTexts,
): ClientResult<Answer> {
  if (result.status) return result;
  const message =
    result.httpStatus === 0
      ? texts.unreachable
      : result.message === ''
        ? texts.failed
        : result.message;
  throw new ApiFailure(message, result.httpStatus);
}
