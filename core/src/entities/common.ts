import { z } from 'zod';

/** Every decrypted answer carries status and message; fields beyond those vary per call. */
export type ApiResult<T extends object = object> = {
  status: boolean;
  message: string;
  /** On a refusal caused by one input field: its path, as the core's schemas name it. */
  field?: string;
} & Partial<T>;

/** A reference to another entity as reads expand it. */
export const refSchema = z.object({ _id: z.string(), name: z.string() });

/** The None / View / Click limit of stories, story ads and in-house ads. */
export const viewClickLimitsSchema = z.object({
  maxviewLimit: z.number(),
  maxviewStatus: z.boolean(),
  maxclickLimit: z.number(),
  maxclickStatus: z.boolean(),
});
export type ViewClickLimits = z.infer<typeof viewClickLimitsSchema>;

export const limitTypes = ['None', 'View', 'Click'] as const;
export type LimitType = (typeof limitTypes)[number];

/** An object schema with the same value schema under each of `keys` (typed per key). */
export function sameForEach<K extends string, S extends z.ZodType>(keys: readonly K[], value: S) {
  return z.object(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, S>);
}
