import { type ReactElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installStyleNonce } from '../components/csp-nonce';

export function mount(app: ReactElement): void {
  const host = document.getElementById('root');
  if (!host) throw new Error('the page has no #root');
  installStyleNonce();
  createRoot(host).render(<StrictMode>{app}</StrictMode>);
}
