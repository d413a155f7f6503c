import { isValidPassword, isValidUsername, Msg } from '@phonecloud/shared';
import type { FormRule } from 'antd';

const check =
  (valid: (value: string) => boolean, text: string): FormRule =>
  () => ({
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && valid(value) ? Promise.resolve() : Promise.reject(new Error(text)),
  });

export const usernameRules: FormRule[] = [check(isValidUsername, Msg.USERNAME_INVALID)];
export const newPasswordRules: FormRule[] = [check(isValidPassword, Msg.PASSWORD_INVALID)];
export const requiredRule = (text: string): FormRule => ({ required: true, whitespace: true, message: text });

/** The repeat field must equal the field named `of`. */
export const sameAs =
  (of: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      value === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(Msg.PASSWORD_MISMATCH)),
  });
