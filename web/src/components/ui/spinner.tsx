import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A decorative spinning icon; pair it with text or use `LoadingScreen` for an announced state. */
export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn('size-5 animate-spin text-indigo-600', className)} />;
}

/** A centered spinner announced to assistive technology as "Loading". */
export function LoadingScreen({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn('flex min-h-[50vh] items-center justify-center', className)}
    >
      <Spinner className="size-8" />
    </div>
  );
}
