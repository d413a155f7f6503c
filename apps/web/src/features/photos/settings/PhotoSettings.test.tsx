import type { PhotoSettings as Settings } from '@phonecloud/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import PhotoSettings from './PhotoSettings';

function drawn(settings: Settings): string {
  const client = new QueryClient();
  client.setQueryData(['photos', 'settings'], settings);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <PhotoSettings />
    </QueryClientProvider>,
  );
}

describe('PhotoSettings', () => {
  it('shows the watched folder with the WebDAV address and where the app password comes from', () => {
    const html = drawn({ delete_follows_phone: true, watch_folder: '/相册备份' });
    expect(html).toContain('value="/相册备份"');
    expect(html).toContain('/dav/drive/%E7%9B%B8%E5%86%8C%E5%A4%87%E4%BB%BD/');
    expect(html).toContain('href="/account/#/centre"');
    expect(html).toContain('aria-checked="true"');
    expect(html).toContain('关闭');
  });

  it('offers the suggested folder and no address while the watch is off', () => {
    const html = drawn({ delete_follows_phone: false, watch_folder: null });
    expect(html).toContain('placeholder="/相册备份"');
    expect(html).not.toContain('/dav/drive/');
    expect(html).toContain('未开启');
    expect(html).toContain('aria-checked="false"');
  });
});
