/** 24 lowercase hex characters, time-ordered (ObjectId-compatible). */
export type Id = string;

/** Every decrypted answer carries status and message; fields beyond those vary per call. */
export type ApiResult<T extends object = object> = {
  status: boolean;
  message: string;
  /** On a refusal caused by one input field: its path, as the core's schemas name it. */
  field?: string;
} & Partial<T>;

/** A reference to another entity as reads expand it. */
export interface Ref {
  _id: Id;
  name: string;
}

/** The None / View / Click limit of stories, story ads and in-house ads. */
export interface ViewClickLimits {
  maxviewLimit: number;
  maxviewStatus: boolean;
  maxclickLimit: number;
  maxclickStatus: boolean;
}

export const limitTypes = ['None', 'View', 'Click'] as const;
export type LimitType = (typeof limitTypes)[number];
