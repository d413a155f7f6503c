import { Code } from '@phonecloud/shared';
import { type ReactNode, useState } from 'react';
import { isApiError, markVerified } from '../../../api';
import { VerifyDialog } from '../../../components/verify-dialog/VerifyDialog';

export interface FreshVerification {
  /**
   * True when the call was refused for want of a fresh verification (6001): the verification
   * dialog opens, and `retry` runs once it has passed.
   */
  needsVerification(error: unknown, retry: () => void): boolean;
  /** The dialog while it is open (render it anywhere in the card). */
  dialog: ReactNode;
}

/** The account centre's sensitive calls need a fresh main-scope verification; this asks for it. */
export function useFreshVerification(): FreshVerification {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  return {
    needsVerification(error, again) {
      if (!isApiError(error) || error.code !== Code.VERIFY_REQUIRED) return false;
      setRetry(() => again);
      return true;
    },
    dialog: retry ? (
      <VerifyDialog
        scope="main"
        onClose={() => setRetry(null)}
        onVerified={() => {
          setRetry(null);
          // The portal's areas of the main scope may now open without asking again.
          markVerified('contact');
          retry();
        }}
      />
    ) : null,
  };
}
