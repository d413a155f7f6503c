import { CSP_NONCE_PLACEHOLDER } from '@phonecloud/shared';

/** This page's Content-Security-Policy nonce, which the server writes into the page. */
function pageNonce(): string | undefined {
  const value = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return value && value !== CSP_NONCE_PLACEHOLDER ? value : undefined;
}

/**
 * Gives every <style> element the page's scripts create the page's nonce, so the policy can
 * refuse inline styles (style-src 'self' 'nonce-…'). antd writes the skin's variables and its
 * dialogs' scroll lock this way, and not all of its parts take a nonce setting. Only our own
 * scripts run (script-src 'self'); a <style> that arrives inside injected markup is not created
 * through this call and stays blocked. Nothing changes under the dev server (no nonce).
 */
export function installStyleNonce(): void {
  const nonce = pageNonce();
  if (!nonce) return;
  const create = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
  // React creates the elements inside an <svg> (antd's progress rings draw a <style> there) in
  // the SVG namespace.
  const createNS = document.createElementNS.bind(document);
  document.createElementNS = ((namespace: string | null, name: string, options?: ElementCreationOptions) => {
    const element = createNS(namespace, name, options);
    if (element instanceof SVGStyleElement || element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElementNS;
}
