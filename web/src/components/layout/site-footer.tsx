import type * as React from 'react';
import { Logo } from '@/components/brand/logo';

export function SiteFooter({ children }: { children?: React.ReactNode }) {
  return (
    <footer className="mt-auto border-t bg-card/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-center">
          <Logo size="sm" />
          {children}
        </div>
        <p className="max-w-3xl text-xs leading-relaxed text-muted-foreground">
          Chart-to-Plan is an educational tool. Its analyses are computed from the charts you upload and are
          not financial advice. Trading foreign exchange and CFDs carries a high risk of losing money; never
          risk more than you can afford to lose.
        </p>
        <p className="text-xs text-muted-foreground">
          &copy; {new Date().getFullYear()} Chart-to-Plan. Earning While Learning.
        </p>
      </div>
    </footer>
  );
}
