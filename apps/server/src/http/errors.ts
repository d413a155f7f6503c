import { Code, codeText } from '@phonecloud/shared';

/** A business failure: answered with HTTP 200 and `{code, message}`, as the spec's envelope says. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message?: string,
    readonly data?: unknown,
  ) {
    super(message ?? codeText[code] ?? `error ${code}`);
  }
}

export const invalid = (message: string) => new AppError(Code.INVALID, message);
