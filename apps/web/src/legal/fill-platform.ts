import { Api, type Envelope, type PlatformInfo } from '@phonecloud/shared';

/**
 * The legal pages are static; the operator's product and vendor names come from the server, so
 * each deployment's pages name the operator that actually controls the data.
 */
async function fill() {
  const response = await fetch(`${Api.platformInfo}?tmp=${Date.now()}`, { credentials: 'same-origin' });
  const envelope = (await response.json()) as Envelope<PlatformInfo>;
  const info = envelope.data;
  if (envelope.code !== 0 || !info) return;
  for (const node of document.querySelectorAll<HTMLElement>('[data-platform]')) {
    const key = node.dataset.platform;
    if (key === 'productName' || key === 'vendor') node.textContent = info[key];
  }
  document.title = `${document.title.split(' - ')[0]} - ${info.productName}`;
}

void fill().catch(() => {
  // Without the server the generic wording stays, which is still true.
});
