import type { ReactNode } from 'react';

/** One function's sheet: a card beside the map, the screen's full width on a phone. */
export function Panel({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section className={`find-panel find-panel--${id}`} aria-labelledby={`find-panel-${id}`}>
      <h2 id={`find-panel-${id}`} className="find-panel__title">
        {title}
      </h2>
      <p className="find-panel__hint">{hint}</p>
      {children}
    </section>
  );
}

/** A command's message in the panel (8001, failed, not received, a refusal). */
export function PanelMessage({ text, tone = 'error' }: { text: string; tone?: 'error' | 'ok' | 'wait' }) {
  if (!text) return null;
  return (
    <p className={`find-panel__msg find-panel__msg--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
