import { useId, type ReactNode, type Ref } from 'react';

/** A titled part of a page: an <h2> (or the given level) labelling a <section>, with optional actions beside it. */
export function Section({
  title,
  actions,
  children,
  level = 2,
  id,
  className,
  ref,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  level?: 2 | 3;
  id?: string;
  className?: string;
  ref?: Ref<HTMLElement>;
}) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={['c-section', className].filter(Boolean).join(' ')} aria-labelledby={headingId} id={id} ref={ref}>
      <div className="c-section__head">
        <Heading id={headingId} className="c-section__title">
          {title}
        </Heading>
        {actions}
      </div>
      {children}
    </section>
  );
}
