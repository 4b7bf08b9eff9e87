import { describe, expect, it } from 'vitest';
import {
  authenticatorCodeSchema,
  authenticatorOffSchema,
  isRecoveryCodeInput,
  secondFactorMessages,
  signInCodeSchema,
} from './second-factor.js';

const messageOf = (schema: typeof signInCodeSchema, otp: string) =>
  schema.safeParse({ otp }).error?.issues[0]?.message ?? null;

describe('the codes of the second sign-in step', () => {
  it('takes a 6-digit code as it is, trimmed', () => {
    expect(signInCodeSchema.parse({ otp: ' 012345 ' })).toEqual({ otp: '012345' });
    expect(isRecoveryCodeInput('012345')).toBe(false);
  });

  it('takes a recovery code in any case, with or without its hyphen, normalised', () => {
    for (const typed of ['7kq2m-xa9fh', '7KQ2M-XA9FH', '7kq2mxa9fh', ' 7kq2m-xa9fh '])
      expect(signInCodeSchema.parse({ otp: typed })).toEqual({ otp: '7kq2mxa9fh' });
    expect(isRecoveryCodeInput('7kq2mxa9fh')).toBe(true);
    expect(authenticatorOffSchema.parse({ code: '7KQ2M-XA9FH' })).toEqual({ code: '7kq2mxa9fh' });
  });

  it('refuses anything else before it reaches the server', () => {
    for (const typed of ['12345', '1234567', 'abcdef', '7kq2m-xa9f', '0oil1-xa9fh', '7kq2m--xa9fh'])
      expect(messageOf(signInCodeSchema, typed)).toBe(secondFactorMessages.signInCode);
    expect(messageOf(signInCodeSchema, ' ')).toBe(secondFactorMessages.codeRequired);
  });

  it('takes only the 6 digits of the app where a recovery code will not do', () => {
    expect(authenticatorCodeSchema.parse({ code: '654321' })).toEqual({ code: '654321' });
    expect(
      authenticatorCodeSchema.safeParse({ code: '7kq2m-xa9fh' }).error?.issues[0]?.message,
    ).toBe(secondFactorMessages.authenticatorCode);
  });
});
