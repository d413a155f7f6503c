import type { ReactNode } from 'react';

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
  wide?: boolean;
}

export function AccountCard({ title, subtitle, children, wide }: Props) {
  return (
    <section className={`account-card${wide ? ' account-card--wide' : ''}`}>
      <h1 className="account-card__title">{title}</h1>
      {subtitle ? <p className="account-card__subtitle">{subtitle}</p> : null}
      {children}
    </section>
  );
}
