import type { ComponentType } from 'react';

type Loaded<P> = { default: ComponentType<P> };

/**
 * Wraps a lazily loaded page's import so the page stands in an antd scope: the scope's chunk
 * and stylesheet load alongside the page's, and the page is handed over once both are in.
 */
export function inAntdScope<P extends object>(load: () => Promise<Loaded<P>>): () => Promise<Loaded<P>> {
  return () =>
    Promise.all([import('./AntdScope'), load()]).then(async ([scope, page]) => {
      await scope.antdCssReady;
      const { AntdScope } = scope;
      const Page = page.default;
      const Scoped = (props: P) => (
        <AntdScope>
          <Page {...props} />
        </AntdScope>
      );
      return { default: Scoped };
    });
}
