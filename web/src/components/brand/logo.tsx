import { cva } from 'class-variance-authority';
import { cn } from '@/lib/utils';
import { LogoMark } from './logo-mark';

export const PRODUCT_NAME = 'Chart-to-Plan';
export const TAGLINE = 'Earning While Learning';

const markSize = cva('shrink-0', {
  variants: { size: { sm: 'size-7', md: 'size-10', lg: 'size-16' } },
});
const nameSize = cva('font-bold tracking-tight text-foreground', {
  variants: { size: { sm: 'text-base', md: 'text-xl', lg: 'text-3xl' } },
});
const taglineSize = cva('font-medium text-primary', {
  variants: { size: { sm: 'text-[0.65rem]', md: 'text-xs', lg: 'text-sm' } },
});

export interface LogoProps {
  size?: 'sm' | 'md' | 'lg';
  /** Show the product name and tagline next to the mark. */
  showText?: boolean;
  className?: string;
}

/** SPEC 2: the logo block in sizes sm, md, lg, optionally with name and "Earning While Learning". */
export function Logo({ size = 'md', showText = true, className }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={markSize({ size })} />
      {showText ? (
        <span className="flex flex-col leading-tight">
          <span className={nameSize({ size })}>{PRODUCT_NAME}</span>
          <span className={taglineSize({ size })}>{TAGLINE}</span>
        </span>
      ) : (
        <span className="sr-only">{PRODUCT_NAME}</span>
      )}
    </span>
  );
}
