import './highlight.css';
import { Fragment } from 'react';

/** The text with every case-insensitive occurrence of `query` (already lower-cased) marked. */
export function Highlight({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  const lower = text.toLowerCase();
  const parts: { text: string; hit: boolean; at: number }[] = [];
  let from = 0;
  for (let at = lower.indexOf(query); at >= 0; at = lower.indexOf(query, at + query.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false, at: from });
    parts.push({ text: text.slice(at, at + query.length), hit: true, at });
    from = at + query.length;
  }
  if (parts.length === 0) return <>{text}</>;
  if (from < text.length) parts.push({ text: text.slice(from), hit: false, at: from });
  return (
    <>
      {parts.map((p) =>
        p.hit ? (
          <mark key={p.at} className="text-hit">
            {p.text}
          </mark>
        ) : (
          <Fragment key={p.at}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
