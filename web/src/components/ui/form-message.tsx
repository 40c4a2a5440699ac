import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Help text under a field. */
export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-xs text-slate-600', className)} {...props} />;
}

/** A field's validation error. */
export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm font-medium text-red-700', className)} {...props} />;
}
