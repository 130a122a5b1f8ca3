import type { ReactNode } from 'react';
import { useLL } from '../app/I18nProvider';

/** A screen whose content later work fills: a heading and a short note. */
export function PlaceholderScreen({ title, toolbar, children }: { title: string; toolbar?: ReactNode; children?: ReactNode }) {
  const LL = useLL();
  return (
    <div className="flex min-h-dvh">
      {toolbar}
      <main className="flex flex-1 flex-col gap-4 p-6 sm:p-10">
        <h1 className="text-3xl font-extrabold text-fg">{title}</h1>
        <p className="text-fg-muted">{LL.routes.comingSoon()}</p>
        {children}
      </main>
    </div>
  );
}
