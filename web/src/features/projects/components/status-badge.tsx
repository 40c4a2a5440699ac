import {
  CheckCircle2,
  CircleDashed,
  CircleHelp,
  FileText,
  Loader2,
  type LucideIcon,
  XCircle,
} from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

interface StatusStyle {
  label: string;
  variant: BadgeVariant;
  icon: LucideIcon;
  iconClass: string;
}

const STATUS_STYLES: Record<string, StatusStyle> = {
  draft: { label: 'Draft', variant: 'accent', icon: FileText, iconClass: 'text-indigo-600' },
  pending: { label: 'Pending', variant: 'warning', icon: CircleDashed, iconClass: 'text-amber-600' },
  processing: {
    label: 'Processing',
    variant: 'info',
    icon: Loader2,
    iconClass: 'text-sky-600 motion-safe:animate-spin',
  },
  completed: { label: 'Completed', variant: 'success', icon: CheckCircle2, iconClass: 'text-emerald-600' },
  failed: { label: 'Failed', variant: 'danger', icon: XCircle, iconClass: 'text-red-600' },
};

/** How a project or render status looks; an unknown status gets a neutral style and its own name. */
export function statusStyle(status: string): StatusStyle {
  return (
    STATUS_STYLES[status] ?? {
      label: status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown',
      variant: 'neutral',
      icon: CircleHelp,
      iconClass: 'text-slate-500',
    }
  );
}

export function StatusIcon({ status, className }: { status: string; className?: string }) {
  const { icon: Icon, iconClass } = statusStyle(status);
  return <Icon aria-hidden="true" className={cn('size-5 shrink-0', iconClass, className)} />;
}

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { label, variant } = statusStyle(status);
  return (
    <Badge variant={variant} className={className} data-status={status}>
      {label}
    </Badge>
  );
}
