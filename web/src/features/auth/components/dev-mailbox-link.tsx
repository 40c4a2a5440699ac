import { Inbox } from 'lucide-react';
import { getConfig } from '@/lib/config';

/** On the local cloud, a link to the dev mailbox that shows the e-mails Cognito would have sent. */
export function DevMailboxLink() {
  if (!getConfig().localMailbox) return null;
  return (
    <a
      href="/_local/mailbox"
      className="inline-flex items-center gap-1.5 rounded text-xs font-medium text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <Inbox aria-hidden="true" className="size-3.5" />
      Open dev mailbox
    </a>
  );
}
