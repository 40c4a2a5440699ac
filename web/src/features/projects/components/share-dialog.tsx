import { COPIED_INDICATOR_MS } from '@shared/constants';
import type { ProjectSummary } from '@shared/schemas/projects';
import { Check, Copy, ExternalLink, Eye, Link2Off, Mail, RefreshCw, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/utils';
import { useCreateShareLink, useRevokeShareLink } from '../api/share';

type ShareTarget = Pick<ProjectSummary, 'id' | 'title'>;

export function mailtoHref(title: string, url: string): string {
  const subject = `Take a look at "${title}" on Planform`;
  const body = `I'd like to share the project "${title}" with you. You can view its files and renders here:\n\n${url}`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export const linkedInHref = (url: string) =>
  `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;

/**
 * The share dialog: creates (or fetches) the project's read-only link on open, copies it, shares it natively, by
 * e-mail or on a social network, and revokes it.
 */
export function ShareDialog({ project, onClose }: { project: ShareTarget | null; onClose: () => void }) {
  return (
    <Dialog open={!!project} onOpenChange={(open) => (open ? undefined : onClose())}>
      {project ? <ShareDialogBody project={project} /> : null}
    </Dialog>
  );
}

function ShareDialogBody({ project }: { project: ShareTarget }) {
  const id = useId();
  const create = useCreateShareLink(project.id);
  const revoke = useRevokeShareLink(project.id);
  const [revoked, setRevoked] = useState(false);
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is asked for once, when the dialog opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create.mutate();
  }, []);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const url = !revoked ? create.data?.url : undefined;

  async function copy() {
    if (!url) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied!', { description: 'The project link has been copied to your clipboard.' });
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    } catch (error) {
      console.warn('Copy to clipboard failed', error);
      toast.error('Failed to copy', { description: 'Please copy the link manually.' });
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }

  async function shareNatively() {
    if (!url) return;
    if (typeof navigator.share !== 'function') {
      await copy();
      return;
    }
    try {
      await navigator.share({ title: project.title, text: `${project.title} on Planform`, url });
    } catch (error) {
      // Cancelling the share sheet rejects too: nothing to tell the user.
      console.info('Share was cancelled or failed', error);
    }
  }

  async function revokeLink() {
    try {
      await revoke.mutateAsync();
      setRevoked(true);
      setCopied(false);
      toast.success('Link revoked', { description: 'The previous link no longer works.' });
    } catch (error) {
      toast.error('Failed to revoke link', { description: errorMessage(error) });
    }
  }

  function createNewLink() {
    setRevoked(false);
    create.reset();
    create.mutate();
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Share "{project.title}"</DialogTitle>
        <DialogDescription>
          Anyone with the link can view this project's files and renders, but cannot edit or delete them.
        </DialogDescription>
        <Badge variant="info" className="mt-1 self-start">
          <Eye aria-hidden="true" className="size-3" />
          Read-only access
        </Badge>
      </DialogHeader>

      {revoked ? (
        <div role="status" className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
          <p className="flex items-center gap-2 font-medium text-amber-900">
            <Link2Off aria-hidden="true" className="size-4" />
            The link has been revoked
          </p>
          <p className="text-sm text-amber-900">
            Anyone who opens the old link now sees that it is no longer available. You can create a new link
            to share the project again.
          </p>
          <Button variant="outline" className="self-start" onClick={createNewLink}>
            <RefreshCw aria-hidden="true" />
            Create new link
          </Button>
        </div>
      ) : create.isError ? (
        <div className="flex flex-col gap-3">
          <FieldError role="alert">
            {errorMessage(create.error, 'The share link could not be created.')}
          </FieldError>
          <Button variant="outline" className="self-start" onClick={() => create.mutate()}>
            Try again
          </Button>
        </div>
      ) : !url ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" />
          Creating link...
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-link`}>Project link</Label>
            <div className="flex gap-2">
              <Input
                ref={inputRef}
                id={`${id}-link`}
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs"
              />
              <Button variant={copied ? 'secondary' : 'outline'} onClick={copy} className="shrink-0">
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <span className="sr-only" aria-live="polite">
              {copied ? 'Link copied to clipboard' : ''}
            </span>
          </div>

          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            <Button variant="outline" onClick={shareNatively}>
              <Share2 aria-hidden="true" />
              Share Link
            </Button>
            <a href={mailtoHref(project.title, url)} className={buttonVariants({ variant: 'outline' })}>
              <Mail aria-hidden="true" />
              Email
            </a>
            <a
              href={linkedInHref(url)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline' })}
            >
              <ExternalLink aria-hidden="true" />
              LinkedIn
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>

          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">Revoking the link stops it from working for everyone.</p>
            <Button
              variant="outline"
              className="shrink-0 border-red-200 text-red-700 hover:bg-red-50"
              onClick={revokeLink}
              disabled={revoke.isPending}
            >
              {revoke.isPending ? (
                <Spinner className="size-4 text-red-700" />
              ) : (
                <Link2Off aria-hidden="true" />
              )}
              {revoke.isPending ? 'Revoking...' : 'Revoke link'}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
