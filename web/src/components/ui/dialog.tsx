import { X } from 'lucide-react';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/utils';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Makes Tab and Shift+Tab wrap around inside `root` (a modal's focus trap); with nothing focusable inside, `root`
 * itself (give it tabIndex -1) keeps the focus.
 */
export function keepTabInside(event: KeyboardEvent, root: HTMLElement) {
  if (event.key !== 'Tab') return;
  const items = focusableIn(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** What stays usable above a modal: the toasts (sonner marks its region as a top layer). */
const TOP_LAYER = '[data-react-aria-top-layer], [data-sonner-toaster]';
const NEVER_INERT = new Set(['SCRIPT', 'STYLE', 'LINK', 'META', 'TEMPLATE', 'NOSCRIPT']);

/**
 * Makes the page outside `layer` inert (no focus, no clicks, hidden from assistive technology, out of axe's checks)
 * while a modal is open, except the toasts; returns the undo. Only what it changed is restored, so nested modals
 * unwind in order.
 */
export function inertOutside(layer: HTMLElement): () => void {
  const changed: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (child === layer || NEVER_INERT.has(child.tagName) || child.matches(TOP_LAYER)) continue;
      if (child.contains(layer) || child.querySelector(TOP_LAYER)) walk(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        changed.push(child);
      }
    }
  };
  walk(document.body);
  return () => {
    for (const el of changed) el.removeAttribute('inert');
  };
}

/** Open dialogs, innermost last: only the top one answers Escape and keeps focus. */
const openStack: string[] = [];

interface DialogContextValue {
  titleId: string;
  descriptionId: string;
  setHasTitle: (has: boolean) => void;
  setHasDescription: (has: boolean) => void;
}

const DialogContext = createContext<DialogContextValue | null>(null);

function useDialogContext(component: string): DialogContextValue {
  const value = useContext(DialogContext);
  if (!value) throw new Error(`<${component}> must be used inside <Dialog>`);
  return value;
}

export interface DialogProps {
  open: boolean;
  /** Called with false when the user asks to close (Escape, the overlay, the close button). */
  onOpenChange: (open: boolean) => void;
  /** While true nothing closes the dialog: Escape and the overlay are ignored and the close button is disabled. */
  locked?: boolean;
  /** What gets focus on open; default: the first focusable element of the content. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Accessible name when the dialog has no <DialogTitle>. */
  label?: string;
  /** Hide the corner close button (Escape and the overlay still close). */
  hideCloseButton?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog: role="dialog" with aria-modal, named by its <DialogTitle> and described by its
 * <DialogDescription>; Tab cycles inside it; Escape and a click on the overlay close it unless `locked`; focus goes
 * back to where it was when it closes; the page behind does not scroll.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <DialogContent {...props} />;
}

function DialogContent({
  onOpenChange,
  locked = false,
  initialFocus,
  label,
  hideCloseButton = false,
  className,
  children,
}: DialogProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const [hasTitle, setHasTitle] = useState(false);
  const [hasDescription, setHasDescription] = useState(false);
  // Read the latest values from listeners registered once.
  const latest = useRef({ locked, onOpenChange });
  latest.current = { locked, onOpenChange };

  // Stack membership, focus in and out, scroll lock.
  useLayoutEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    openStack.push(id);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const restoreOutside = layer.current ? inertOutside(layer.current) : () => undefined;
    return () => {
      openStack.splice(openStack.lastIndexOf(id), 1);
      if (openStack.length === 0) document.body.style.overflow = overflow;
      restoreOutside();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: initial focus happens once, on open
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const target = initialFocus?.current ?? focusableIn(root)[0] ?? root;
    target.focus();
  }, []);

  useEffect(() => {
    const isTop = () => openStack[openStack.length - 1] === id;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!latest.current.locked) latest.current.onOpenChange(false);
        return;
      }
      if (ref.current) keepTabInside(event, ref.current);
    };
    const onFocusIn = (event: FocusEvent) => {
      const root = ref.current;
      if (!root || !isTop() || root.contains(event.target as Node)) return;
      // Toasts live outside the dialog and may keep focus; anything else is brought back.
      if ((event.target as HTMLElement).closest?.('[data-sonner-toaster]')) return;
      (focusableIn(root)[0] ?? root).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [id]);

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  return createPortal(
    <DialogContext.Provider value={{ titleId, descriptionId, setHasTitle, setHasDescription }}>
      <div ref={layer} className="fixed inset-0 z-50 flex items-center justify-center p-4">
        <div
          aria-hidden="true"
          data-testid="dialog-overlay"
          className="fixed inset-0 bg-slate-900/50"
          onMouseDown={(event) => {
            if (event.target === event.currentTarget && !latest.current.locked) onOpenChange(false);
          }}
        />
        <div
          ref={ref}
          role="dialog"
          aria-modal="true"
          aria-labelledby={hasTitle ? titleId : undefined}
          aria-label={hasTitle ? undefined : label}
          aria-describedby={hasDescription ? descriptionId : undefined}
          aria-busy={locked || undefined}
          tabIndex={-1}
          className={cn(
            'relative z-10 flex max-h-[90vh] w-full max-w-lg flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
        >
          {children}
          {hideCloseButton ? null : (
            <button
              type="button"
              aria-label="Close"
              disabled={locked}
              onClick={() => onOpenChange(false)}
              className="absolute right-3 top-3 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:pointer-events-none disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
      </div>
    </DialogContext.Provider>,
    document.body,
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<'h2'>) {
  const { titleId, setHasTitle } = useDialogContext('DialogTitle');
  useLayoutEffect(() => {
    setHasTitle(true);
    return () => setHasTitle(false);
  }, [setHasTitle]);
  return (
    <h2
      id={titleId}
      className={cn(
        'text-lg font-semibold leading-snug tracking-tight text-slate-900 break-words',
        className,
      )}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId, setHasDescription } = useDialogContext('DialogDescription');
  useLayoutEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return <p id={descriptionId} className={cn('text-sm text-slate-600', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:items-center sm:justify-end', className)}
      {...props}
    />
  );
}
