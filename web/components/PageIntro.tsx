import type { ReactNode } from "react";

export function PageIntro({ title, children, eyebrow }: { title: ReactNode; children?: ReactNode; eyebrow?: string }) {
  return (
    <div className="page-intro">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1>{title}</h1>
      {children && <div className="page-intro__text">{children}</div>}
    </div>
  );
}
