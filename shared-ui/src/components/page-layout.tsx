import type { ReactNode } from 'react';

/** A page section with its heading; the shell's <main> landmark surrounds it. */
export function PageLayout({ title, children, actions }: { title?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="ui-page">
      {(title || actions) && (
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '1rem' }}>
          {title && <h1 className="ui-page__title">{title}</h1>}
          {actions}
        </div>
      )}
      {children}
    </div>
  );
}
