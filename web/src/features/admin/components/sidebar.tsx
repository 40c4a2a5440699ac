import { ADMIN_SIDEBAR } from '@shared/constants';
import { PanelLeft } from 'lucide-react';
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { inertOutside, keepTabInside } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** The cookie that keeps the sidebar open or collapsed (7 days), as shadcn/ui's sidebar does. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * ADMIN_SIDEBAR.cookieMaxAgeDays;

export function readSidebarCookie(
  cookie = typeof document === 'undefined' ? '' : document.cookie,
): boolean | null {
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE_NAME}=(true|false)`).exec(cookie);
  return match ? match[1] === 'true' : null;
}

function writeSidebarCookie(open: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is the point (shadcn/ui's sidebar state)
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

const MOBILE_QUERY = `(max-width: ${ADMIN_SIDEBAR.mobileBreakpointPx - 1}px)`;

/** True below the 768 px breakpoint. */
export function useIsMobile(): boolean {
  const query = () =>
    typeof window.matchMedia === 'function'
      ? window.matchMedia(MOBILE_QUERY).matches
      : window.innerWidth < ADMIN_SIDEBAR.mobileBreakpointPx;
  const [mobile, setMobile] = useState(query);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(list.matches);
    list.addEventListener('change', onChange);
    onChange();
    return () => list.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return value;
}

/**
 * The sidebar's state: open or collapsed to icons on desktop (kept in a cookie for 7 days), a sheet on mobile;
 * Ctrl+B or Cmd+B toggles it.
 */
export function SidebarProvider({
  defaultOpen = true,
  className,
  style,
  children,
}: {
  defaultOpen?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => readSidebarCookie() ?? defaultOpen);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === ADMIN_SIDEBAR.shortcutKey && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-testid="admin-layout"
        style={
          {
            '--sidebar-width': ADMIN_SIDEBAR.width,
            '--sidebar-width-icon': ADMIN_SIDEBAR.iconWidth,
            '--sidebar-width-mobile': ADMIN_SIDEBAR.mobileWidth,
            ...style,
          } as CSSProperties
        }
        className={cn('flex w-full', className)}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * The sidebar itself: on desktop a column 16rem wide, or 3rem with icons only when collapsed; below 768 px a
 * sheet 18rem wide over the page (Escape, the overlay or a navigation closes it).
 */
export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  const panel = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isMobile || !openMobile) return;
    const previous = document.activeElement as HTMLElement | null;
    const restoreOutside = sheet.current ? inertOutside(sheet.current) : () => undefined;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenMobile(false);
      // A modal sheet: Tab stays inside it.
      else if (panel.current) keepTabInside(event, panel.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      restoreOutside();
      if (previous?.isConnected) previous.focus();
    };
  }, [isMobile, openMobile, setOpenMobile]);

  if (isMobile) {
    if (!openMobile) return null;
    return (
      <div ref={sheet} className="fixed inset-0 z-50" data-testid="admin-sidebar-sheet">
        <div
          aria-hidden="true"
          className="fixed inset-0 bg-slate-900/50"
          onMouseDown={() => setOpenMobile(false)}
        />
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-label={label}
          tabIndex={-1}
          data-sidebar="sidebar"
          data-mobile="true"
          style={{ width: 'var(--sidebar-width-mobile)' }}
          className="fixed inset-y-0 left-0 z-10 flex max-w-[85vw] flex-col overflow-y-auto border-r border-slate-200 bg-white shadow-xl focus:outline-none"
        >
          <nav aria-label={label} className="flex flex-col">
            {children}
          </nav>
        </div>
      </div>
    );
  }

  return (
    <aside
      data-testid="admin-sidebar"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      style={{ width: state === 'expanded' ? 'var(--sidebar-width)' : 'var(--sidebar-width-icon)' }}
      className="group/sidebar sticky top-16 hidden h-[calc(100vh-4rem)] shrink-0 overflow-y-auto overflow-x-hidden border-r border-slate-200 bg-slate-50 transition-[width] duration-200 ease-linear md:block"
    >
      <nav aria-label={label} className="flex flex-col">
        {children}
      </nav>
    </aside>
  );
}

/** The button that toggles the sidebar (also Ctrl/Cmd+B). */
export function SidebarTrigger({ className, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Toggle Sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle Sidebar (Ctrl+B)"
      className={cn('size-8', className)}
      onClick={toggleSidebar}
      {...props}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

/** Whether labels show: always in the mobile sheet, on desktop only when expanded. */
export function useSidebarLabels(): boolean {
  const { isMobile, state } = useSidebar();
  return isMobile || state === 'expanded';
}
