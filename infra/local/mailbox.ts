import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-file';

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
  sentAt: string;
}

export function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_m, href: string, label: string) =>
      label === href ? href : `${label} (${href})`,
    )
    .replace(/<\/(p|h\d|div|li)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export function extractLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/href="([^"]+)"/gi)) links.add(match[1]!.replace(/&amp;/g, '&'));
  for (const match of html.matchAll(/https?:\/\/[^\s<>"']+/g)) links.add(match[0].replace(/&amp;/g, '&'));
  return [...links];
}

/** Every e-mail Cognito would send, newest first, kept in a JSON file under the data directory. */
export class Mailbox {
  private messages: MailboxMessage[] = [];

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      try {
        this.messages = JSON.parse(readFileSync(file, 'utf8')) as MailboxMessage[];
      } catch {
        this.messages = [];
      }
    }
  }

  deliver(to: string, subject: string, body: string): MailboxMessage {
    const isHtml = /<[a-z][\s\S]*>/i.test(body);
    const message: MailboxMessage = {
      to: to.toLowerCase(),
      subject,
      text: isHtml ? htmlToText(body) : body,
      html: isHtml ? body : undefined,
      links: extractLinks(body),
      sentAt: new Date().toISOString(),
    };
    this.messages.unshift(message);
    this.messages = this.messages.slice(0, 500);
    if (this.file) writeFileAtomic(this.file, JSON.stringify(this.messages, null, 2));
    return message;
  }

  list(to?: string): MailboxMessage[] {
    return to ? this.messages.filter((m) => m.to === to.toLowerCase()) : this.messages;
  }

  renderPage(): string {
    const esc = (s: string) =>
      s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
    const items = this.messages
      .map(
        (
          m,
        ) => `<article><header><strong>${esc(m.subject)}</strong><span>to ${esc(m.to)} · ${esc(m.sentAt)}</span></header>
<pre>${esc(m.text)}</pre>${m.links.map((l) => `<a href="${esc(l)}">${esc(l)}</a>`).join('<br>')}</article>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Planform dev mailbox</title>
<meta http-equiv="refresh" content="10">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;color:#0f172a;padding:0 1rem}
article{border:1px solid #cbd5e1;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
header span{color:#475569;font-size:.9rem}pre{white-space:pre-wrap;font-family:inherit}a{color:#1d4ed8;word-break:break-all}</style></head>
<body><h1>Dev mailbox</h1><p>Every e-mail the local Cognito would have sent, newest first (<a href="/_local/mailbox.json">JSON</a>).</p>
${items || '<p>No e-mails yet.</p>'}</body></html>`;
  }
}
