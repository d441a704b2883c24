import type { ReactNode } from "react";

interface PageHeaderProps {
  heading: string;
  eyebrow?: string;
  intro?: string;
  children?: ReactNode;
}

/** The top of an inner page: its one `h1`, an optional eyebrow and intro, and actions. */
export function PageHeader({ heading, eyebrow, intro, children }: PageHeaderProps) {
  return (
    <section className="page-header">
      <div className="container page-header__inner">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{heading}</h1>
        {intro ? <p className="lede">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
