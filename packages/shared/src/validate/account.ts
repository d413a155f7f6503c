import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../limits.js';

const USERNAME_RE = new RegExp(`^[A-Za-z][A-Za-z0-9_]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`);
/** Mainland mobile numbers: 11 digits starting with 1. */
const PHONE_RE = /^1[3-9]\d{9}$/;
// Deliberately simple: one @, no spaces, a dot in the domain; the code sent to it proves the rest.
const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function isValidUsername(value: string): boolean {
  return USERNAME_RE.test(value);
}
export function isValidPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX && /[A-Za-z]/.test(value) && /\d/.test(value)
  );
}
/** Strips spaces, dashes and a +86 prefix so that one number has one spelling. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '').replace(/^\+?86(?=1\d{10}$)/, '');
}
export function isValidPhone(value: string): boolean {
  return PHONE_RE.test(normalizePhone(value));
}
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(normalizeEmail(value));
}
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}
