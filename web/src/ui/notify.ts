// Toasts (spec section 8): a false status shows the server's message, success messages
// come from the server; every toast closes by itself after 2 seconds.
import { toastAutoCloseMs, type ClientResult } from '@dealdesk/core';
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { LinkedNotice } from './LinkedNotice.js';

export function toastError(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message, autoClose: toastAutoCloseMs });
}

/** Where a success notice leads: the item just created. */
export interface NoticeLink {
  label: string;
  href: string;
  /** Follows the link through the app's router (notices show outside it). */
  open: () => void;
}

/** A notice with a link stays three times as long (and while hovered): time to reach it. */
const linkedNoticeMs = toastAutoCloseMs * 3;

export function toastSuccess(message: string, link?: NoticeLink): void {
  if (link === undefined) {
    notifications.show({ color: 'teal', title: 'Done', message, autoClose: toastAutoCloseMs });
    return;
  }
  const id = notifications.show({
    color: 'teal',
    title: 'Done',
    message: createElement(LinkedNotice, { message, link, onFollow: () => notifications.hide(id) }),
    autoClose: linkedNoticeMs,
  });
}

/**
 * A call that answered status false, carried as an error so queries and mutations fail;
 * `field` is the input the server refused, when it names one (see useFormState's refused).
 */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The answer of a call that succeeded; throws an ApiFailure with the server's message otherwise. */
export function unwrap<Answer extends object>(result: ClientResult<Answer>): ClientResult<Answer> {
  if (!result.status) throw new ApiFailure(result.message, result.httpStatus, result.field);
  return result;
}

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
  throw new ApiFailure(message, result.httpStatus, result.field);
}

/** The message to show for anything a query or mutation threw. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiFailure && error.message !== '' ? error.message : fallback;
}
