import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/utils';

/** A small outline button that fetches a download (a file, a model), busy while it does, with a toast on failure. */
export function DownloadButton({
  icon: Icon,
  label,
  busyLabel,
  download,
  ariaLabel,
  title,
}: {
  icon: LucideIcon;
  label: string;
  busyLabel: string;
  download: () => Promise<void>;
  ariaLabel?: string;
  title?: string;
}) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.error('Download failed', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      disabled={busy}
      aria-label={ariaLabel}
      title={title}
    >
      {busy ? <Spinner className="size-4" /> : <Icon aria-hidden="true" />}
      {busy ? busyLabel : label}
    </Button>
  );
}
