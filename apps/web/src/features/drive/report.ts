import { shouldReport } from '../../api';
import { toast } from '../../components/toast';

/** Shows a failed call's text, unless the browser is already on its way to the login or the gate. */
export function reportError(error: unknown): void {
  if (!shouldReport(error)) return;
  toast.error(error instanceof Error ? error.message : String(error));
}
