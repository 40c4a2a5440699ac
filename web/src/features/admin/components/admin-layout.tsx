import {
  Activity,
  BarChart3,
  Bell,
  Brush,
  Cpu,
  Database,
  DatabaseBackup,
  DollarSign,
  FileDown,
  FileText,
  Flag,
  Gauge,
  GitMerge,
  HardDrive,
  HeartPulse,
  Images,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Plug,
  ScrollText,
  Settings,
  Shield,
  UserCheck,
  Users,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '@/features/auth';
import { cn } from '@/lib/utils';
import { ADMIN_SECTION_GROUPS, ADMIN_SECTIONS, sectionFor } from '../sections';
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar, useSidebarLabels } from './sidebar';

const ICONS: Record<string, LucideIcon> = {
  '/admin': LayoutDashboard,
  '/admin/analytics': BarChart3,
  '/admin/analytics/users': UserCheck,
  '/admin/analytics/performance': Gauge,
  '/admin/analytics/revenue': DollarSign,
  '/admin/users': Users,
  '/admin/users/activity': Activity,
  '/admin/users/support': LifeBuoy,
  '/admin/prompts': FileText,
  '/admin/styles': Brush,
  '/admin/gallery': Images,
  '/admin/jobs': Cpu,
  '/admin/health': HeartPulse,
  '/admin/logs': ScrollText,
  '/admin/storage': HardDrive,
  '/admin/features': Flag,
  '/admin/api': Plug,
  '/admin/notifications': Bell,
  '/admin/settings': Settings,
  '/admin/security': Shield,
  '/admin/access': KeyRound,
  '/admin/backups': DatabaseBackup,
  '/admin/database': Database,
  '/admin/migrations': GitMerge,
  '/admin/export': FileDown,
};

function AdminNav() {
  const { isSuperAdmin } = useAuth();
  const labels = useSidebarLabels();
  const { isMobile, setOpenMobile } = useSidebar();
  const location = useLocation();

  // The mobile sheet closes when a link is followed (a change of path, not the sheet's own mount).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (isMobile) setOpenMobile(false);
  }, [location.pathname, isMobile, setOpenMobile]);

  const sections = ADMIN_SECTIONS.filter((s) => isSuperAdmin || !s.superAdminOnly);
  return (
    <div className="flex flex-col gap-4 py-3">
      {ADMIN_SECTION_GROUPS.map((group) => {
        const items = sections.filter((s) => s.group === group);
        if (items.length === 0) return null;
        return (
          <div key={group} className="flex flex-col gap-0.5 px-2">
            {labels ? (
              <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {group}
              </p>
            ) : (
              <hr className="mx-1 mb-1 border-slate-200" />
            )}
            {items.map((s) => {
              const Icon = ICONS[s.path] ?? LayoutDashboard;
              return (
                <NavLink
                  key={s.path}
                  to={s.path}
                  end
                  title={labels ? undefined : s.title}
                  aria-label={labels ? undefined : s.title}
                  className={({ isActive }) =>
                    cn(
                      'flex h-9 items-center gap-3 rounded-md px-2 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                      isActive
                        ? 'bg-indigo-50 text-indigo-700'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {labels ? <span className="truncate">{s.title}</span> : null}
                </NavLink>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}

/** The admin area: the collapsible sidebar and the routed admin page beside it. */
export function AdminLayout() {
  const location = useLocation();
  const section = sectionFor(location.pathname);
  return (
    <SidebarProvider>
      <Sidebar label="Admin">
        <AdminNav />
      </Sidebar>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-12 items-center gap-2 border-b border-slate-200 px-4">
          <SidebarTrigger />
          <span aria-hidden="true" className="h-4 w-px bg-slate-200" />
          <p className="truncate text-sm text-slate-600">
            Admin{section && section.path !== '/admin' ? ` / ${section.title}` : ''}
          </p>
        </div>
        <Outlet />
      </div>
    </SidebarProvider>
  );
}
