import { Api, type PlatformInfo } from '@phonecloud/shared';
import { api } from '../api';

/**
 * The legal pages are static; the operator's product and vendor names come from the server, so
 * each deployment's pages name the operator that actually controls the data.
 */
async function fill() {
  // Nobody needs to be signed in to read the terms: a 2002 would not send the reader away.
  const info = await api.get<PlatformInfo>(Api.platformInfo, { stayOnLogout: true });
  for (const node of document.querySelectorAll<HTMLElement>('[data-platform]')) {
    const key = node.dataset.platform;
    if (key === 'productName' || key === 'vendor') node.textContent = info[key];
  }
  document.title = `${document.title.split(' - ')[0]} - ${info.productName}`;
}

void fill().catch(() => {
  // Without the server the generic wording stays, which is still true.
});
