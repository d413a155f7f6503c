import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { inAntdScope } from '../components/antd-scope';

type PageModule = { default: ComponentType };

/**
 * `React.lazy` for a page whose chunk may be fetched before it is first drawn (an area opened by
 * the address the portal was loaded with). Once the chunk is in, the page is handed to React
 * through a thenable that answers at once, so the first render does not suspend: a suspended
 * page is shown only after the Suspense fallback has been up for a while (React holds back
 * reveals), which would cost a freshly loaded page a third of a second for nothing.
 */
export function preloadable(load: () => Promise<PageModule>): {
  Page: LazyExoticComponent<ComponentType>;
  preload(): Promise<PageModule>;
} {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const preload = () => {
    pending ??= inAntdScope(load)().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed download may be tried again (the next render asks anew).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Page = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    // React reads a thenable that calls back synchronously as already resolved.
    // biome-ignore lint/suspicious/noThenProperty: a thenable is exactly what React.lazy takes.
    const now = { then: (resolve: (m: PageModule) => void) => resolve(ready) };
    return now as unknown as Promise<PageModule>;
  });
  return { Page, preload };
}
